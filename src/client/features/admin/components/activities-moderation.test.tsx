import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PendingActivity, ReviewedContent } from '../../../../domain/provider-activities';
import { Toaster } from '../../../components/ui/toaster';
import { renderWithProviders } from '../../../test/render';
import { ActivitiesModeration } from './activities-moderation';

afterEach(() => vi.unstubAllGlobals());

const published: ReviewedContent = {
  name: 'Kelderbezoek',
  description: 'Een uur in de kelders.',
  language: 'nl',
  translations: {},
  category: 'uitjes',
  location: null,
  address: null,
  city: 'Limoux',
  latitude: 43.05,
  longitude: 2.22,
  imageUrl: null,
  openingHours: 'di-za 10-18 uur',
  marketDays: null,
  contactPhone: '+33 4 68 00 00 00',
  contactEmail: 'kelder@example.com',
  website: 'https://kelder.example.com',
};

const entry = (contentHash: string, proposed: Partial<ReviewedContent>): PendingActivity => ({
  activityId: 7,
  revisionId: 31,
  contentHash,
  providerName: 'Domaine Julie',
  submittedAt: '2026-11-22T10:00:00Z',
  current: published,
  proposed: { ...published, ...proposed },
  facts: { price: 12.5, bookingRequired: true, setting: null, eventStart: null, eventEnd: null, weeklyHours: [] },
});

const FIRST = 'a'.repeat(64);
const SECOND = 'b'.repeat(64);

/**
 * The API as the admin meets it: the queue shows a request, the provider changes it before the
 * admin approves, so the first approval is a 409 and the queue then shows the new request.
 */
function changingApi() {
  const decisions: { url: string; body: unknown }[] = [];
  let queue = [entry(FIRST, { website: 'https://elders.example.com' })];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/admin/activities/pending') {
      return new Response(JSON.stringify(queue), {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(queue.length) },
      });
    }
    if (url.pathname === '/api/admin/activities/7/approve' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { contentHash: string };
      decisions.push({ url: url.pathname, body });
      if (body.contentHash === FIRST) {
        queue = [entry(SECOND, { website: 'https://nog-ergens-anders.example.com' })];
        return new Response(JSON.stringify({ code: 'REVISION_CHANGED', message: 'changed' }), {
          status: 409,
          headers: { 'Content-Type': 'application/json' },
        });
      }
      queue = [];
      return new Response(null, { status: 204 });
    }
    return new Response('{"message":"Not found"}', { status: 404 });
  };
  return { fetchMock, decisions };
}

describe('the activities queue (docs/moderation.md#activities)', () => {
  it('shows hours, contact and website beside the published ones, and names the request it decides on', async () => {
    const { fetchMock, decisions } = changingApi();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <>
        <ActivitiesModeration />
        <Toaster />
      </>,
    );
    const row = await screen.findByRole('article', { name: 'Activiteit Kelderbezoek' });
    // A field's line of the comparison (found by its text: role queries over a table are slow in jsdom).
    const line = (label: string) => within(row).getByText(label).closest('tr');
    const website = line('Website');
    expect(website).toHaveTextContent('https://kelder.example.com');
    expect(website).toHaveTextContent('https://elders.example.com');
    expect(website).toHaveTextContent('(gewijzigd)');
    expect(line('Openingstijden')).toHaveTextContent('di-za 10-18 uur');

    fireEvent.click(within(row).getByRole('button', { name: 'Keur Kelderbezoek goed' }));
    await vi.waitFor(() => expect(decisions).toHaveLength(1));
    expect(decisions[0]?.body).toEqual({ revisionId: 31, contentHash: FIRST });

    // The request changed: the admin is told, and the queue shows what it asks now.
    expect(await screen.findByText('De aanvraag voor Kelderbezoek is gewijzigd')).toBeInTheDocument();
    const note = await within(row).findByRole('status');
    expect(note).toHaveTextContent('De aanbieder heeft deze aanvraag gewijzigd terwijl je ernaar keek.');
    expect(line('Website')).toHaveTextContent('https://nog-ergens-anders.example.com');

    fireEvent.click(within(row).getByRole('button', { name: 'Keur Kelderbezoek goed' }));
    await vi.waitFor(() => expect(decisions).toHaveLength(2));
    expect(decisions[1]?.body).toEqual({ revisionId: 31, contentHash: SECOND });
    expect(await screen.findByText('Er wachten geen activiteiten op goedkeuring.')).toBeInTheDocument();
  });

  it('shows the photos as pictures, the fields public at once and the proposed position on the map it is given', async () => {
    const photoEntry = {
      ...entry(FIRST, { imageUrl: '/api/uploads/0b5c1f8e-8f4e-4c59-9d6f-1d2e3f4a5b6c.webp' }),
      current: { ...published, imageUrl: '/uploads/1a2b3c4d-8f4e-4c59-9d6f-1d2e3f4a5b6c.webp' },
    };
    vi.stubGlobal('fetch', async () =>
      Promise.resolve(
        new Response(JSON.stringify([photoEntry]), {
          status: 200,
          headers: { 'Content-Type': 'application/json', 'X-Total-Count': '1' },
        }),
      ),
    );
    const map = vi.fn((content: ReviewedContent) => <p>{`kaart ${content.latitude},${content.longitude}`}</p>);
    renderWithProviders(<ActivitiesModeration map={map} />);
    const row = await screen.findByRole('article', { name: 'Activiteit Kelderbezoek' });
    const proposed = within(row).getByRole('img', { name: 'Voorgestelde foto van Kelderbezoek' });
    expect(proposed.getAttribute('src')).toMatch(/^\/api\/uploads\/0b5c1f8e-[\w-]+-\d+\.webp$/);
    expect(within(row).getByRole('img', { name: 'Gepubliceerde foto van Kelderbezoek' })).toBeInTheDocument();
    const facts = within(row).getByRole('region', { name: 'Direct zichtbaar: Kelderbezoek' });
    expect(facts).toHaveTextContent('€ 12,50');
    expect(facts).toHaveTextContent('Boeken verplichtJa');
    expect(within(row).getByText('kaart 43.05,2.22')).toBeInTheDocument();
  });
});
