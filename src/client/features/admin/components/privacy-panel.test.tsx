import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ErasureRecord, ErasureResult } from '../../../../domain/privacy';
import { renderWithProviders } from '../../../test/render';
import { PrivacyPanel } from './privacy-panel';

afterEach(() => vi.unstubAllGlobals());

// Typing and dialogs take jsdom seconds on this shared 2-core machine: more than Vitest's default of 5 s per test.
const SLOW = { timeout: 30_000 };

const ADMIN = { id: '00000000-0000-4000-8000-000000000001', name: 'Anna Admin' };
const line = (id: number, overrides: Partial<ErasureRecord> = {}): ErasureRecord => ({
  id,
  kind: 'request',
  erasedBy: ADMIN,
  // 12:45 UTC: 13:45 in Limoux.
  erasedAt: new Date(Date.UTC(2026, 10, 26, 12, 45) - id * 60_000).toISOString(),
  ...overrides,
});
const RESULT: ErasureResult = {
  accounts: 1,
  bookingsErased: 3,
  bookingsKeptUntilTheirDay: 1,
  reviews: 2,
  providers: 0,
};

/**
 * The erasure API: the record (paged, newest first) and the erasure, answered with `answer` (a
 * result, or an error status and code), adding a line to the record when it succeeds.
 */
function erasuresApi({
  record = [] as ErasureRecord[],
  answer = { status: 200, body: RESULT as unknown },
  recordFails = false,
} = {}) {
  const lines = [...record];
  const posts: unknown[] = [];
  let release: () => void = () => {};
  const held = { promise: Promise.resolve() };
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
    if (url.pathname !== '/api/admin/erasures') return json({ message: 'Not found', code: 'NOT_FOUND' }, 404);
    if (init?.method === 'POST') {
      posts.push(JSON.parse(String(init.body)));
      await held.promise;
      if (answer.status === 200)
        lines.unshift(line(0, { erasedAt: new Date(Date.UTC(2026, 10, 26, 13)).toISOString() }));
      return json(answer.body, answer.status);
    }
    if (recordFails) return json({ message: 'Down', code: 'SERVICE_UNAVAILABLE' }, 503);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 50);
    return json(lines.slice(offset, offset + limit), 200, { 'X-Total-Count': String(lines.length) });
  };
  /** Makes the next erasure wait until `release()`. */
  const hold = () => {
    held.promise = new Promise<void>((resolve) => (release = resolve));
    return () => release();
  };
  return { fetchMock, posts, hold };
}

const emailField = () => screen.getByRole('textbox', { name: 'E-mailadres' });
const eraseButton = () => screen.getByRole('button', { name: 'Wissen…' });
const eraseStatus = () => within(screen.getByRole('region', { name: 'Een e-mailadres wissen' })).getByRole('status');

describe('erasing an address on request (docs/privacy.md#erasure-on-request)', SLOW, () => {
  it('says what is wrong with the address at the field, focused, and sends nothing', async () => {
    const api = erasuresApi();
    vi.stubGlobal('fetch', api.fetchMock);
    renderWithProviders(<PrivacyPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Wissen…' }));
    expect(emailField()).toBeInvalid();
    expect(emailField()).toHaveFocus();
    expect(emailField()).toHaveAccessibleDescription(
      'Het adres van een account, van boekingen of van reviews. Vul een geldig e-mailadres in.',
    );
    await userEvent.type(emailField(), 'gast@');
    await userEvent.click(eraseButton());
    expect(emailField()).toBeInvalid();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.posts).toEqual([]);
  });

  it('asks first and says what will happen; cancelling sends nothing and gives the focus back', async () => {
    const api = erasuresApi();
    vi.stubGlobal('fetch', api.fetchMock);
    renderWithProviders(<PrivacyPanel />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'E-mailadres' }), ' gast@example.com ');
    await userEvent.click(eraseButton());
    const dialog = await screen.findByRole('alertdialog', { name: 'Alles van gast@example.com wissen?' });
    expect(dialog).toHaveAccessibleDescription('Dit kan niet ongedaan worden gemaakt. Wat er gebeurt:');
    const effects = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(effects).toEqual([
      'Het account met dit adres wordt verwijderd en is meteen overal uitgelogd.',
      'De reviews van het account en de reviews die onder dit adres geschreven zijn, worden verwijderd.',
      'Voorbije boekingen worden geanonimiseerd: naam, e-mailadres, telefoon en opmerkingen gaan weg; de cijfers tellen ze nog mee.',
      'Boekingen die nog komen, blijven tot hun dag bewaard voor hun aanbieder en worden daarna geanonimiseerd.',
      'Is het een aanbieder, dan gaan zijn activiteiten offline en beantwoordt het team zijn openstaande boekingen.',
      'Het overzicht bewaart wie wiste en wanneer, niet het adres.',
    ]);
    // The safe choice has the focus.
    expect(within(dialog).getByRole('button', { name: 'Annuleren' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await vi.waitFor(() => expect(eraseButton()).toHaveFocus());
    expect(api.posts).toEqual([]);
  });

  it('erases once confirmed, showing that it is busy, then the counts in the status region and the new record line', async () => {
    const api = erasuresApi({ record: [line(1, { kind: 'account', erasedBy: null })] });
    vi.stubGlobal('fetch', api.fetchMock);
    renderWithProviders(<PrivacyPanel />);
    const record = await screen.findByRole('table', { name: 'Wissingen, nieuwste eerst' });
    expect(within(record).getAllByRole('row')).toHaveLength(2);

    await userEvent.type(emailField(), 'Gast@Example.com');
    await userEvent.click(eraseButton());
    const dialog = await screen.findByRole('alertdialog');
    const release = api.hold();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Alles wissen' }));
    const busy = await within(dialog).findByRole('button', { name: 'Bezig met wissen…' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    // A second click while it runs sends nothing more; Escape does not take the dialog away.
    await userEvent.click(busy);
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeVisible();
    release();

    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.posts).toEqual([{ email: 'Gast@Example.com' }]);
    const status = eraseStatus();
    expect(status).toHaveTextContent('Gewist: alles van Gast@Example.com.');
    expect(
      within(status)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '1 account verwijderd',
      '3 voorbije boekingen geanonimiseerd',
      '1 komende boeking blijft tot haar dag bewaard voor de aanbieder',
      '2 reviews verwijderd',
    ]);
    expect(emailField()).toHaveValue('');
    // The record is read again: the new line on top.
    await vi.waitFor(() => expect(within(record).getAllByRole('row')).toHaveLength(3));
    const [, first] = within(record).getAllByRole('row');
    expect(first).toHaveTextContent('Op verzoekAnna Admin26 november 2026 om 14:00');
  });

  it('says when nothing was held under the address', async () => {
    const nothing: ErasureResult = {
      accounts: 0,
      bookingsErased: 0,
      bookingsKeptUntilTheirDay: 0,
      reviews: 0,
      providers: 0,
    };
    vi.stubGlobal('fetch', erasuresApi({ answer: { status: 200, body: nothing } }).fetchMock);
    renderWithProviders(<PrivacyPanel />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'E-mailadres' }), 'niemand@example.com');
    await userEvent.click(eraseButton());
    await userEvent.click(await screen.findByRole('button', { name: 'Alles wissen' }));
    await vi.waitFor(() => expect(eraseStatus()).toHaveTextContent('Onder niemand@example.com was niets bewaard.'));
  });

  it('tells an error by its code, and a failure without one in its own words', async () => {
    const api = erasuresApi({
      answer: { status: 409, body: { message: 'The last admin', code: 'LAST_ADMIN' } },
    });
    vi.stubGlobal('fetch', api.fetchMock);
    renderWithProviders(<PrivacyPanel />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'E-mailadres' }), 'admin@example.com');
    await userEvent.click(eraseButton());
    await userEvent.click(await screen.findByRole('button', { name: 'Alles wissen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/De laatste beheerder/);
    // The address stays, to try again.
    expect(emailField()).toHaveValue('admin@example.com');
    expect(eraseStatus()).toBeEmptyDOMElement();
  });

  it('a server error shows the screen’s own text, never the server’s English', async () => {
    vi.stubGlobal(
      'fetch',
      erasuresApi({ answer: { status: 500, body: { message: 'Internal Server Error', code: 'INTERNAL_ERROR' } } })
        .fetchMock,
    );
    renderWithProviders(<PrivacyPanel />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'E-mailadres' }), 'gast@example.com');
    await userEvent.click(eraseButton());
    await userEvent.click(await screen.findByRole('button', { name: 'Alles wissen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Het adres kon niet worden gewist.');
  });
});

describe('the record of erasures', SLOW, () => {
  it('shows kind, who and when, newest first; a person’s own deletion and a deleted admin by name of their own', async () => {
    const record = [
      line(1),
      line(2, { kind: 'account', erasedBy: null }),
      line(3, { erasedBy: null }),
      ...Array.from({ length: 50 }, (_, i) => line(10 + i)),
    ];
    vi.stubGlobal('fetch', erasuresApi({ record }).fetchMock);
    renderWithProviders(<PrivacyPanel />);
    const table = await screen.findByRole('table', { name: 'Wissingen, nieuwste eerst' });
    const rows = () => within(table).getAllByRole('row').slice(1);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Soort', 'Door', 'Wanneer']);
    expect(
      rows()
        .slice(0, 3)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        ),
    ).toEqual([
      ['Op verzoek', 'Anna Admin', '26 november 2026 om 13:44'],
      ['Eigen account verwijderd', 'De persoon zelf', '26 november 2026 om 13:43'],
      ['Op verzoek', 'Een beheerder die intussen verwijderd is', '26 november 2026 om 13:42'],
    ]);
    expect(rows()).toHaveLength(50);
    await userEvent.click(screen.getByRole('button', { name: 'Meer laden' }));
    await vi.waitFor(() => expect(rows()).toHaveLength(53));
    expect(screen.getByText('53 van 53 getoond')).toBeVisible();
  });

  it('says when nothing was erased yet, and when the record cannot be read', async () => {
    vi.stubGlobal('fetch', erasuresApi().fetchMock);
    const { unmount } = renderWithProviders(<PrivacyPanel />);
    expect(await screen.findByText('Er is nog niets gewist.')).toBeVisible();
    unmount();

    vi.stubGlobal('fetch', erasuresApi({ recordFails: true }).fetchMock);
    renderWithProviders(<PrivacyPanel />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Het overzicht kon niet worden geladen.');
  });
});
