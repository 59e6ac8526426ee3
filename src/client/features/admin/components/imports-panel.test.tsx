import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportRun, ImportSettings } from '../../../../domain/imports';
import { Toaster } from '../../../components/ui/toaster';
import { renderWithProviders } from '../../../test/render';
import { ImportsPanel } from './imports-panel';

// Radix's checkbox measures itself; jsdom has no ResizeObserver.
beforeEach(() =>
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  ),
);
afterEach(() => vi.unstubAllGlobals());

const report = (dryRun: boolean) => ({
  source: 'flux.zip',
  dryRun,
  read: 3,
  created: 2,
  updated: 0,
  unchanged: 0,
  unpublished: 0,
  republished: 0,
  skipped: { out_of_area: { count: 1, ids: ['https://data.datatourisme.fr/10/far'] } },
  keptLocalEdits: {},
  photoFailures: { count: 0, ids: [] },
  failure: null,
});
const runOf = (id: number, dryRun: boolean, status: ImportRun['status'] = 'done'): ImportRun => ({
  id,
  location: 'flux.zip',
  dryRun,
  status,
  progress: status === 'running' ? 0 : null,
  report: status === 'running' ? null : report(dryRun),
  startedBy: 'u1',
  startedAt: '2026-11-26T10:00:00.000Z',
  finishedAt: status === 'running' ? null : '2026-11-26T10:00:05.000Z',
});
const settings: ImportSettings = {
  feedUrl: null,
  defaultFeedUrl: null,
  isDefault: true,
  time: '03:00',
  nextRun: null,
};

/** The API: the runs so far, an upload that adds a finished run, and the settings. */
function importsApi({ runs = [] as ImportRun[], failRuns = false } = {}) {
  const uploads: { dryRun: string | null; file: string | null }[] = [];
  const puts: unknown[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
    if (url.pathname === '/api/admin/imports/datatourisme' && init?.method === 'POST') {
      const form = init.body as FormData;
      const dryRun = form.get('dryRun') as string | null;
      uploads.push({ dryRun, file: (form.get('file') as File | null)?.name ?? null });
      const id = runs.length + 1;
      runs.unshift(runOf(id, dryRun !== 'false'));
      return json({ id }, 202);
    }
    if (url.pathname === '/api/admin/imports/runs') {
      if (failRuns) return json({ message: 'down', code: 'SERVICE_UNAVAILABLE' }, 503);
      return json(runs, 200, { 'X-Total-Count': String(runs.length) });
    }
    if (url.pathname === '/api/admin/imports/settings' && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { feedUrl: string; time: string };
      puts.push(body);
      return json({ ...settings, feedUrl: body.feedUrl || null, isDefault: false, time: body.time });
    }
    if (url.pathname === '/api/admin/imports/settings') return json(settings);
    return json({ message: 'Not found', code: 'NOT_FOUND' }, 404);
  };
  return { fetchMock, uploads, puts };
}

const zip = () => new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'flux.zip', { type: 'application/zip' });

describe('the imports screen (docs/datatourisme.md#running-an-import)', () => {
  it('says when no import has run, and when the runs cannot be loaded', async () => {
    vi.stubGlobal('fetch', importsApi().fetchMock);
    const { unmount } = renderWithProviders(<ImportsPanel />);
    expect(await screen.findByText('Er is nog geen import gedaan.')).toBeInTheDocument();
    expect(await screen.findByText('Geen dagelijkse import: er is geen flux-URL ingesteld.')).toBeInTheDocument();
    unmount();
    vi.stubGlobal('fetch', importsApi({ failRuns: true }).fetchMock);
    renderWithProviders(<ImportsPanel />);
    expect(await screen.findByRole('alert')).toHaveTextContent('De imports konden niet worden geladen.');
  });

  it('asks for a file, uploads a dry run by default, shows its report, then imports the same file for real', async () => {
    const api = importsApi();
    vi.stubGlobal('fetch', api.fetchMock);
    renderWithProviders(<ImportsPanel />);
    const upload = await screen.findByRole('region', { name: 'Importeren uit DATAtourisme' });
    await userEvent.click(within(upload).getByRole('button', { name: 'Starten' }));
    const input = within(upload).getByLabelText('Flux-ZIP-bestand');
    expect(input).toHaveFocus();
    expect(input).toHaveAccessibleDescription('Kies eerst een ZIP-bestand.');
    expect(api.uploads).toEqual([]);

    expect(within(upload).getByRole('checkbox', { name: /Eerst een proefimport/ })).toBeChecked();
    await userEvent.upload(input, zip());
    await userEvent.click(within(upload).getByRole('button', { name: 'Starten' }));
    expect(await within(upload).findByRole('status')).toHaveTextContent(
      'Proefimport van flux.zip klaar: 2 zouden worden aangemaakt, 0 bijgewerkt, 1 weggelaten.',
    );
    expect(api.uploads).toEqual([{ dryRun: 'true', file: 'flux.zip' }]);
    const card = screen.getByRole('article', { name: 'flux.zip' });
    expect(within(card).getByText('Zouden worden aangemaakt').nextSibling).toHaveTextContent('2');
    expect(within(card).getByText('buiten het gebied: 1')).toBeInTheDocument();

    await userEvent.click(within(upload).getByRole('button', { name: 'Nu echt importeren' }));
    expect(await within(upload).findByRole('status')).toHaveTextContent(
      'Import van flux.zip klaar: 2 aangemaakt, 0 bijgewerkt, 1 weggelaten.',
    );
    expect(api.uploads).toEqual([
      { dryRun: 'true', file: 'flux.zip' },
      { dryRun: 'false', file: 'flux.zip' },
    ]);
    expect(within(upload).queryByRole('button', { name: 'Nu echt importeren' })).toBeNull();
  });

  it('checks the URL and the time before saving them', async () => {
    const api = importsApi();
    vi.stubGlobal('fetch', api.fetchMock);
    renderWithProviders(
      <>
        <ImportsPanel />
        <Toaster />
      </>,
    );
    const url = await screen.findByRole('textbox', { name: 'Flux-URL' });
    await userEvent.type(url, 'ftp://example.org/flux.zip');
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(url).toHaveFocus();
    expect(url).toHaveAccessibleDescription(expect.stringContaining('Vul een adres in dat begint met https://'));
    expect(api.puts).toEqual([]);
    await userEvent.clear(url);
    await userEvent.type(url, 'https://example.org/flux.zip');
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Dagelijkse import opgeslagen')).toBeInTheDocument();
    expect(api.puts).toEqual([{ feedUrl: 'https://example.org/flux.zip', time: '03:00' }]);
  });
});
