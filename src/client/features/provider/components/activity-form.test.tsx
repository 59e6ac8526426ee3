import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ActivityFormValues, ProviderActivity } from '../../../../domain/provider-activities';
import { renderWithProviders } from '../../../test/render';
import { ActivityForm } from './activity-form';

// The map is not what these tests are about: the activity below has its position already.
vi.mock('./position-picker', () => ({ default: () => null }));

// A keystroke renders the whole form again: typing is slow on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const serviceArea = { center: { latitude: 43.05, longitude: 2.22 }, radiusKm: 80 };

/** A saved activity, as the form is opened to edit it. */
const saved = {
  name: 'Visite de cave',
  description: 'Une heure dans les caves.',
  language: 'fr',
  translations: {},
  category: 'uitjes',
  location: 'Cave du Sieur',
  address: null,
  city: 'Limoux',
  latitude: 43.05,
  longitude: 2.22,
  price: null,
  openingHours: 'mar-sam 10h-18h',
  marketDays: null,
  eventStart: null,
  eventEnd: null,
  weeklyHours: [],
  contactPhone: null,
  contactEmail: null,
  website: null,
  bookingRequired: false,
} as unknown as ProviderActivity;

function renderForm({ lng = 'en', activity = saved }: { lng?: string; activity?: ProviderActivity } = {}) {
  const onSubmit = vi.fn<(values: ActivityFormValues) => void>();
  renderWithProviders(
    <ActivityForm
      activity={activity}
      serviceArea={serviceArea as never}
      defaultLanguage="fr"
      submitLabel="Save"
      busy={false}
      onSubmit={onSubmit}
    />,
    { lng },
  );
  return { onSubmit, user: userEvent.setup() };
}

/** The part of the form around a field: its label, the field, its error and its count. */
const around = (field: HTMLElement) => within(field.closest('div') as HTMLElement);

describe('the name’s limit as the provider types (docs/provider-workspace.md#fields)', () => {
  it('counts as they type, says the limit with the field, and speaks only near or over the limit', async () => {
    const { user } = renderForm();
    const name = screen.getByLabelText('Name (required)');
    expect(name).toHaveAccessibleDescription('At most 200 characters.');
    expect(around(name).getByText('14 / 200')).toBeInTheDocument();
    const status = around(name).getByRole('status');
    expect(status).toBeEmptyDOMElement();

    await user.clear(name);
    await user.type(name, 'Cave du Sieur');
    expect(around(name).getByText('13 / 200')).toBeInTheDocument();
    expect(status).toBeEmptyDOMElement();

    // Near the limit the count is said (politely: a status).
    await user.clear(name);
    await user.paste('a'.repeat(189));
    expect(around(name).getByText('189 / 200')).toBeInTheDocument();
    expect(status).toHaveTextContent('11 characters left');
    await user.type(name, 'bcdef');
    expect(status).toHaveTextContent('6 characters left');
    await user.type(name, 'ghijk');
    expect(status).toHaveTextContent('1 character left');
  });

  it('keeps a pasted name over the limit whole, and refuses it with a message when sent', async () => {
    const { user, onSubmit } = renderForm();
    const name = screen.getByLabelText('Name (required)');
    const long = 'Visite des caves de Limoux et dégustation de blanquette '.repeat(4).trim();
    expect(long.length).toBeGreaterThan(200);
    await user.clear(name);
    await user.click(name);
    await user.paste(long);
    // Nothing is cut: the field holds all of it, and says by how much it is over.
    expect(name).toHaveValue(long);
    expect(around(name).getByText(`${long.length} / 200`)).toBeInTheDocument();
    expect(around(name).getByRole('status')).toHaveTextContent(`${long.length - 200} characters too many`);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    const message = `This is too long: ${long.length} characters, at most 200. Please shorten it.`;
    expect(name).toHaveAccessibleDescription(`${message} At most 200 characters.`);
    await vi.waitFor(() => expect(name).toHaveFocus());

    // Shortened, it goes.
    await user.clear(name);
    await user.paste('Visite des caves');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ name: 'Visite des caves' }));
  });

  it('says it in the provider’s language, German formally', async () => {
    const { user, onSubmit } = renderForm({ lng: 'de' });
    const name = screen.getByLabelText('Name (Pflichtfeld)');
    fireEvent.change(name, { target: { value: 'x'.repeat(203) } });
    expect(around(name).getByRole('status')).toHaveTextContent('3 Zeichen zu viel');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await around(name).findByText('Das ist zu lang: 203 Zeichen, höchstens 200. Bitte kürzen Sie den Text.'),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('cuts no other text either: the description, place and hours keep what is typed and are refused over the limit', async () => {
    const { user, onSubmit } = renderForm();
    const hours = within(screen.getByRole('group', { name: 'Practical' })).getByLabelText('Opening hours');
    fireEvent.change(hours, { target: { value: 'h'.repeat(1005) } });
    expect(hours).toHaveValue('h'.repeat(1005));
    expect(around(hours).getByText('1005 / 1000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      around(hours).getByText('This is too long: 1005 characters, at most 1000. Please shorten it.'),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('the website', () => {
  it('gets https:// when the field is left, and is sent that way', async () => {
    const { user, onSubmit } = renderForm();
    const website = screen.getByLabelText('Website');
    await user.type(website, 'www.cave-du-sieur.fr');
    await user.tab();
    expect(website).toHaveValue('https://www.cave-du-sieur.fr');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ website: 'https://www.cave-du-sieur.fr' }));
  });

  it('is refused with a message when it is still no web address', async () => {
    const { user, onSubmit } = renderForm();
    const website = screen.getByLabelText('Website');
    await user.type(website, 'cave du sieur');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(website).toHaveAccessibleDescription(/^Please enter a web address, e\.g\. www\.example\.fr\./);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('translations of the place and the free-text hours', () => {
  it('are offered per language beside name and description, and sent with them', async () => {
    const { user, onSubmit } = renderForm();
    await user.click(screen.getByText('Translations (optional)'));
    const spanish = screen.getByRole('group', { name: 'Español' });
    const fill = async (field: HTMLElement, text: string) => {
      await user.click(field);
      await user.paste(text);
    };
    await fill(within(spanish).getByLabelText('Opening hours'), 'de martes a sábado, de 10:00 a 18:00');
    await fill(within(spanish).getByLabelText('Market days'), 'viernes');
    await fill(within(spanish).getByLabelText(/^Place/), 'Bodega del Señor');

    // Place and hours alone are not a translation: the name and description of that language are asked.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const spanishName = within(spanish).getByLabelText('Name');
    expect(spanishName).toHaveAttribute('aria-invalid', 'true');
    expect(spanishName).toHaveAccessibleDescription(/^Please fill this in\./);

    await fill(spanishName, 'Visita de bodega');
    await fill(within(spanish).getByLabelText('Description'), 'Una hora en las bodegas.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0].translations).toEqual({
      es: {
        name: 'Visita de bodega',
        description: 'Una hora en las bodegas.',
        location: 'Bodega del Señor',
        openingHours: 'de martes a sábado, de 10:00 a 18:00',
        marketDays: 'viernes',
      },
    });
  });

  it('show what was saved for each language', async () => {
    const { user } = renderForm({
      activity: {
        ...saved,
        translations: {
          de: {
            name: 'Kellerbesuch',
            description: 'Eine Stunde.',
            location: 'Keller',
            openingHours: 'Di–Sa 10–18 Uhr',
            marketDays: null,
          },
        },
      },
    });
    await user.click(screen.getByText('Translations (optional)'));
    const german = screen.getByRole('group', { name: 'Deutsch' });
    expect(within(german).getByLabelText('Opening hours')).toHaveValue('Di–Sa 10–18 Uhr');
    expect(within(german).getByLabelText('Opening hours')).toHaveAttribute('lang', 'de');
    expect(within(german).getByLabelText(/^Place/)).toHaveValue('Keller');
    expect(within(german).getByLabelText('Market days')).toHaveValue('');
  });
});

describe('indoors or outdoors, and a market’s days as rows (docs/when.md)', () => {
  it('is unknown until chosen, and sent as chosen', async () => {
    const { user, onSubmit } = renderForm();
    const setting = screen.getByLabelText('Indoors or outdoors');
    expect(setting).toHaveValue('');
    expect(setting).toHaveAccessibleDescription(/On a rainy day we show indoor activities first/);
    await user.selectOptions(setting, 'Indoors');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ setting: 'indoor' }));
  });

  it('sends null when left unknown, and shows what was saved', async () => {
    const first = renderForm();
    await first.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(first.onSubmit).toHaveBeenCalledWith(expect.objectContaining({ setting: null }));
  });

  it('offers a market its days and times as rows, beside the free text', () => {
    renderForm({ activity: { ...saved, category: 'markten', setting: 'both' } as ProviderActivity });
    expect(screen.getByRole('group', { name: 'Market days and times' })).toBeInTheDocument();
    expect(screen.getAllByLabelText('Market days').length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Indoors or outdoors')).toHaveValue('both');
  });
});
