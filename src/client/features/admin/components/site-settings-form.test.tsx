import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SiteSettingsAnswer } from '../../../../domain/site-settings';
import { Toaster } from '../../../components/ui/toaster';
import { renderWithProviders } from '../../../test/render';
import { SiteSettingsPanel } from './site-settings-form';

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

const setting = (value: string | null, fallback: string | null, isDefault = value === fallback) => ({
  value,
  default: fallback,
  isDefault,
  description: 'What it does',
});
const initial: SiteSettingsAnswer = {
  contactEmail: setting('office@limoux.test', 'office@limoux.test'),
  contactPhone: setting('+33 4 68 31 11 82', '+33 4 68 31 11 82'),
  senderName: setting('Office de Tourisme', 'DiscoverLocal', false),
  teamInbox: setting(null, null),
  dataLicence: setting('Licence Ouverte / Etalab 2.0', 'Licence Ouverte / Etalab 2.0'),
  dataLicenceUrl: setting(
    'https://www.etalab.gouv.fr/licence-ouverte-open-licence/',
    'https://www.etalab.gouv.fr/licence-ouverte-open-licence/',
  ),
  operatorName: setting('Office de Tourisme', 'Office de Tourisme'),
  retentionMonths: setting('24', '24'),
};

/** The API: the settings, and a PATCH that answers what it was sent (or `refuse` as a 400 naming a field). */
function settingsApi(refuse?: { path: string }) {
  const patches: unknown[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (url.pathname === '/api/admin/settings' && init?.method === 'PATCH') {
      const body = JSON.parse(String(init.body)) as Record<keyof SiteSettingsAnswer, string | null>;
      patches.push(body);
      if (refuse)
        return json(
          { message: 'Invalid request', code: 'VALIDATION_FAILED', details: [{ ...refuse, message: 'x' }] },
          400,
        );
      const answer = { ...initial };
      for (const key of Object.keys(body) as (keyof SiteSettingsAnswer)[]) {
        const value = body[key];
        answer[key] =
          value === null
            ? setting(initial[key].default, initial[key].default, true)
            : setting(value || null, initial[key].default, false);
      }
      return json(answer);
    }
    if (url.pathname === '/api/admin/settings') return json(initial);
    if (url.pathname === '/api/config') return json({ contact: { email: null, phone: null } });
    return json({ message: 'Not found', code: 'NOT_FOUND' }, 404);
  };
  return { fetchMock, patches };
}

const field = (name: string) => screen.getByRole('textbox', { name });

// Eight fields typed into one key at a time take jsdom seconds beside the other test files on this
// 2-core machine: more than Vitest's default of 5 s per test.
describe('the site settings form (docs/site-settings.md)', { timeout: 30_000 }, () => {
  it('shows each setting with what it does and the server’s default, the default ones ticked', async () => {
    vi.stubGlobal('fetch', settingsApi().fetchMock);
    renderWithProviders(<SiteSettingsPanel />);
    const email = await screen.findByRole('textbox', { name: 'Contact-e-mailadres' });
    expect(email).toHaveValue('office@limoux.test');
    expect(email).toBeDisabled();
    expect(email).toHaveAccessibleDescription(
      'Staat onderaan elke pagina. Leeg: er staat geen e-mailadres. Standaard uit de configuratie van de server: office@limoux.test',
    );
    expect(screen.getByRole('checkbox', { name: 'Standaard gebruiken voor Contact-e-mailadres' })).toBeChecked();
    const sender = field('Naam van de afzender');
    expect(sender).toHaveValue('Office de Tourisme');
    expect(sender).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Standaard gebruiken voor Naam van de afzender' })).not.toBeChecked();
    expect(field('Inbox van het team')).toHaveAccessibleDescription(
      expect.stringContaining('De configuratie van de server geeft geen standaard: geen.'),
    );
  });

  it('saves: a cleared phone as none, a ticked default as null; says so in a toast', async () => {
    const api = settingsApi();
    vi.stubGlobal('fetch', api.fetchMock);
    renderWithProviders(
      <>
        <SiteSettingsPanel />
        <Toaster />
      </>,
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Standaard gebruiken voor Contacttelefoon' }));
    const phone = field('Contacttelefoon');
    expect(phone).toBeEnabled();
    await userEvent.clear(phone);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Standaard gebruiken voor Naam van de afzender' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Standaard gebruiken voor Licentie van de open data' }));
    const licence = field('Licentie van de open data');
    expect(licence).toHaveAccessibleDescription(
      expect.stringContaining(
        'De licentie waaronder de exports van de gids (GeoJSON, CSV, JSON-LD) gepubliceerd worden.',
      ),
    );
    await userEvent.clear(licence);
    await userEvent.type(licence, 'CC BY 4.0');
    await userEvent.click(screen.getByRole('button', { name: 'Instellingen opslaan' }));
    expect(await screen.findByText('Instellingen opgeslagen')).toBeInTheDocument();
    expect(api.patches).toEqual([
      {
        contactEmail: null,
        contactPhone: '',
        senderName: null,
        teamInbox: null,
        dataLicence: 'CC BY 4.0',
        dataLicenceUrl: null,
        operatorName: null,
        retentionMonths: null,
      },
    ]);
    expect(field('Naam van de afzender')).toHaveValue('DiscoverLocal');
  });

  it('shows what is wrong at the field, focused, and sends nothing', async () => {
    const api = settingsApi();
    vi.stubGlobal('fetch', api.fetchMock);
    renderWithProviders(<SiteSettingsPanel />);
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Standaard gebruiken voor Contact-e-mailadres' }),
    );
    const email = field('Contact-e-mailadres');
    await userEvent.clear(email);
    await userEvent.type(email, 'not an address');
    const sender = field('Naam van de afzender');
    await userEvent.clear(sender);
    await userEvent.type(sender, 'The <Office>');
    await userEvent.click(screen.getByRole('button', { name: 'Instellingen opslaan' }));
    await vi.waitFor(() => expect(email).toHaveFocus());
    expect(email).toBeInvalid();
    expect(email).toHaveAccessibleDescription(expect.stringContaining('Vul een geldig e-mailadres in'));
    expect(sender).toHaveAccessibleDescription(expect.stringContaining('zonder < > "'));
    expect(field('Contacttelefoon')).toBeValid();
    expect(api.patches).toEqual([]);
  });

  it('shows the server’s refusal at the field it names', async () => {
    vi.stubGlobal('fetch', settingsApi({ path: 'teamInbox' }).fetchMock);
    renderWithProviders(
      <>
        <SiteSettingsPanel />
        <Toaster />
      </>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Instellingen opslaan' }));
    const inbox = field('Inbox van het team');
    await vi.waitFor(() => expect(inbox).toBeInvalid());
    expect(
      within(screen.getByRole('form', { name: 'Instellingen van de site' })).getByText(/Vul een geldig/),
    ).toBeVisible();
  });

  it('shows the privacy page’s operator and how long guests’ details are kept, and saves them', async () => {
    const api = settingsApi();
    vi.stubGlobal('fetch', api.fetchMock);
    renderWithProviders(
      <>
        <SiteSettingsPanel />
        <Toaster />
      </>,
    );
    const operator = await screen.findByRole('textbox', { name: 'Naam van de beheerder' });
    expect(operator).toHaveValue('Office de Tourisme');
    expect(operator).toHaveAccessibleDescription(
      'Wie de gids beheert; de privacypagina noemt deze naam als verantwoordelijke voor de gegevens. Standaard uit de configuratie van de server: Office de Tourisme',
    );
    const months = screen.getByRole('spinbutton', { name: 'Gegevens van gasten bewaren (maanden)' });
    expect(months).toHaveValue(24);
    expect(months).toBeDisabled();
    expect(months).toHaveAttribute('min', '1');
    expect(months).toHaveAttribute('max', '120');
    expect(months).toHaveAccessibleDescription(
      expect.stringContaining('Zoveel maanden na de geboekte dag worden de gegevens van gasten gewist'),
    );

    await userEvent.click(screen.getByRole('checkbox', { name: 'Standaard gebruiken voor Naam van de beheerder' }));
    await userEvent.clear(operator);
    await userEvent.type(operator, 'Office de Tourisme du Limouxin');
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Standaard gebruiken voor Gegevens van gasten bewaren (maanden)' }),
    );
    expect(months).toBeEnabled();
    await userEvent.clear(months);
    await userEvent.type(months, '36');
    await userEvent.click(screen.getByRole('button', { name: 'Instellingen opslaan' }));
    expect(await screen.findByText('Instellingen opgeslagen')).toBeInTheDocument();
    expect(api.patches).toEqual([
      expect.objectContaining({ operatorName: 'Office de Tourisme du Limouxin', retentionMonths: '36' }),
    ]);
    expect(months).toHaveValue(36);
    expect(
      screen.getByRole('checkbox', { name: 'Standaard gebruiken voor Gegevens van gasten bewaren (maanden)' }),
    ).not.toBeChecked();

    // Back to the default: null, and the default shown again.
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Standaard gebruiken voor Gegevens van gasten bewaren (maanden)' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Instellingen opslaan' }));
    await vi.waitFor(() => expect(api.patches).toHaveLength(2));
    expect(api.patches[1]).toEqual(expect.objectContaining({ retentionMonths: null }));
    await vi.waitFor(() => expect(months).toHaveValue(24));
  });

  it('refuses a retention period outside 1 to 120 whole months, and an operator name with a line’s forbidden signs', async () => {
    const api = settingsApi();
    vi.stubGlobal('fetch', api.fetchMock);
    renderWithProviders(<SiteSettingsPanel />);
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Standaard gebruiken voor Gegevens van gasten bewaren (maanden)' }),
    );
    const months = screen.getByRole('spinbutton', { name: 'Gegevens van gasten bewaren (maanden)' });
    const operator = field('Naam van de beheerder');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Standaard gebruiken voor Naam van de beheerder' }));
    for (const wrong of ['0', '121', '1.5', '']) {
      await userEvent.clear(months);
      if (wrong) await userEvent.type(months, wrong);
      await userEvent.clear(operator);
      await userEvent.type(operator, 'Office <b>');
      await userEvent.click(screen.getByRole('button', { name: 'Instellingen opslaan' }));
      await vi.waitFor(() => expect(operator).toHaveFocus());
      expect(operator).toHaveAccessibleDescription(
        expect.stringContaining('Vul een naam in van hoogstens 120 tekens, zonder regeleinden en zonder < > ".'),
      );
      expect(months, wrong).toBeInvalid();
      expect(months).toHaveAccessibleDescription(
        expect.stringContaining('Vul een heel aantal maanden in, van 1 tot 120.'),
      );
    }
    expect(api.patches).toEqual([]);
  });
});
