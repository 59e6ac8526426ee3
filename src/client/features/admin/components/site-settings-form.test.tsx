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

describe('the site settings form (docs/site-settings.md)', () => {
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
});
