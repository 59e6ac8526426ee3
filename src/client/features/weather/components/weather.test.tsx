import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Weather } from '../../../../domain/weather';
import { renderWithProviders } from '../../../test/render';
import { TodayWeather } from './today-weather';
import { WeatherBox } from './weather-box';

afterEach(() => vi.unstubAllGlobals());

const CLOUDY: Weather = {
  temperature: 14.3,
  description: 'Bewolkt',
  humidity: 71,
  windSpeed: 9.7,
  visibility: 24.1,
  icon: 'cloud',
  source: 'open-meteo',
};

/** The weather route answering `answers` in turn (the last one again after that); counts the calls. */
function stubWeather(...answers: ({ status: 200; body: Weather } | { status: 503 })[]) {
  const calls: URL[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/weather') return new Response('{"message":"Not found"}', { status: 404 });
    calls.push(url);
    const answer = answers[Math.min(calls.length, answers.length) - 1];
    const body =
      answer?.status === 200
        ? answer.body
        : { message: 'The weather service answered 500; try again later', code: 'SERVICE_UNAVAILABLE' };
    return new Response(JSON.stringify(body), {
      status: answer?.status ?? 503,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}

describe('the weather when the service fails (docs/outside-services.md#weather)', () => {
  it('the header says the weather is unavailable, and shows no temperature', async () => {
    stubWeather({ status: 503 });
    renderWithProviders(<WeatherBox />);
    expect(await screen.findByRole('status')).toHaveTextContent('Weer niet beschikbaar');
    const box = screen.getByRole('region', { name: 'Weer in Limoux' });
    expect(box).not.toHaveTextContent('°');
    expect(box).not.toHaveTextContent(/\d/);
  });

  it('the map card says so in the page’s language, shows no numbers, and tries again when asked', async () => {
    const calls = stubWeather({ status: 503 }, { status: 200, body: { ...CLOUDY, description: 'Bedeckt' } });
    renderWithProviders(<TodayWeather />, { lng: 'de' });
    const card = screen.getByRole('region', { name: 'Das Wetter heute' });
    expect(await within(card).findByRole('status')).toHaveTextContent(
      'Wetter nicht verfügbar' + 'Der Wetterdienst ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.',
    );
    expect(card).not.toHaveTextContent(/\d/);
    expect(within(card).queryByText('Luftfeuchtigkeit')).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Erneut versuchen' }));
    expect(await within(card).findByText('14°')).toBeVisible();
    expect(card).toHaveTextContent('Bedeckt');
    expect(card).not.toHaveTextContent('nicht verfügbar');
    expect(calls).toHaveLength(2);
  });

  it.each([
    ['nl', 'Weer niet beschikbaar'],
    ['en', 'Weather unavailable'],
    ['fr', 'Météo indisponible'],
    ['de', 'Wetter nicht verfügbar'],
    ['es', 'Tiempo no disponible'],
  ])('says it in %s', async (lng, text) => {
    stubWeather({ status: 503 });
    renderWithProviders(<WeatherBox />, { lng });
    expect(await screen.findByRole('status')).toHaveTextContent(text);
  });
});

describe('the weather while it comes and when it has come', () => {
  it('shows no numbers while it loads', () => {
    vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
    renderWithProviders(<TodayWeather />);
    const card = screen.getByRole('region', { name: 'Het weer vandaag' });
    expect(card).toHaveAttribute('aria-busy', 'true');
    expect(card).toHaveTextContent('Weer laden…');
    expect(card).not.toHaveTextContent(/\d/);
  });

  it('shows today’s measurements, and leaves out a visibility the service did not measure', async () => {
    stubWeather({ status: 200, body: { ...CLOUDY, visibility: null } });
    renderWithProviders(<TodayWeather />);
    const card = screen.getByRole('region', { name: 'Het weer vandaag' });
    expect(await within(card).findByText('14°')).toBeVisible();
    expect(card).toHaveTextContent('Bewolkt');
    expect(card).toHaveTextContent('71%');
    expect(card).toHaveTextContent('9,7 km/u');
    expect(within(card).queryByText('Zicht')).toBeNull();
    expect(card).toHaveTextContent('Weergegevens: Open-Meteo.com');
  });
});
