import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminTag } from '../../../../domain/tags';
import { renderWithProviders } from '../../../test/render';
import { TagsModeration } from './tags-moderation';

afterEach(() => vi.unstubAllGlobals());

const tag = (id: number, name: string, overrides: Partial<AdminTag> = {}): AdminTag => ({
  id,
  name,
  description: null,
  isApproved: false,
  status: 'pending',
  moderationReason: null,
  activityCount: 0,
  proposedFor: [],
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

/** The admin tag lists (pending tags as given, the rest empty); records every decision sent. */
function stubAdmin(pending: AdminTag[]) {
  const decisions: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const json = (body: unknown, total = Array.isArray(body) ? body.length : 0) =>
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(total) },
      });
    if (init?.method === 'PATCH') {
      decisions.push({ url: url.pathname, body: JSON.parse(String(init.body)) });
      return json({ ...pending[0], status: 'approved', isApproved: true, proposedFor: [] });
    }
    if (url.pathname === '/api/admin/tags' && url.searchParams.get('status') === 'pending') return json(pending);
    return json([]);
  });
  return decisions;
}

describe('tag moderation: a tag proposed on an activity is one decision (docs/moderation.md#tags-and-activity-tags)', () => {
  it('names the activities a pending tag was proposed for, and approves it with one request', async () => {
    const decisions = stubAdmin([
      tag(7, 'picknick', {
        proposedFor: [
          { activityId: 1, activityName: 'Markt van Limoux' },
          { activityId: 4, activityName: 'Lac de Montbel' },
        ],
      }),
      tag(8, 'zonder-activiteit'),
    ]);
    renderWithProviders(<TagsModeration />);
    const panel = await screen.findByRole('tabpanel');
    const row = (await within(panel).findByText('#picknick')).parentElement as HTMLElement;
    expect(row).toHaveTextContent('voorgesteld bij Markt van Limoux en Lac de Montbel');
    expect(row).toHaveTextContent('Goedkeuren of afwijzen geldt ook voor die activiteit.');
    const other = within(panel).getByText('#zonder-activiteit').parentElement as HTMLElement;
    expect(other).toHaveTextContent('bij 0 activiteiten');
    expect(other).not.toHaveTextContent('voorgesteld');

    await userEvent.click(within(row).getByRole('button', { name: 'Tag picknick goedkeuren' }));
    await vi.waitFor(() => expect(decisions).toHaveLength(1));
    expect(decisions).toEqual([{ url: '/api/admin/tags/7/approval', body: { isApproved: 1 } }]);
  });
});
