import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OpeningStatus } from '../../domain/opening';
import { renderWithProviders } from '../test/render';
import { StatusLine } from './status-line';

/** The status line's sentences (docs/when.md#texts), on Friday 9 July 2027 at 10:00 in Limoux. */
describe('StatusLine', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-07-09T08:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it.each<[OpeningStatus, 'nl' | 'en' | 'fr' | 'de' | 'es', string]>([
    [{ kind: 'open', until: '18:00', untilDay: '2027-07-09' }, 'en', 'Open now until 18:00'],
    [{ kind: 'open', until: '02:00', untilDay: '2027-07-10' }, 'nl', 'Nu open tot 02:00'],
    [{ kind: 'open', until: '02:00', untilDay: '2027-07-11' }, 'en', 'Open now until Sun 02:00'],
    [{ kind: 'open', until: null, untilDay: null }, 'de', 'Jetzt geöffnet'],
    [{ kind: 'opens-later', opens: '14:00' }, 'de', 'Öffnet um 14:00 Uhr'],
    [{ kind: 'closed-now' }, 'fr', "Fermé pour aujourd'hui"],
    [{ kind: 'closed-today' }, 'es', 'Cerrado hoy'],
    [{ kind: 'market-today', opens: '07:00', closes: '12:30', phase: 'on' }, 'en', 'Market today 07:00–12:30'],
    [{ kind: 'market-today', opens: '07:00', closes: '12:30', phase: 'over' }, 'nl', 'Markt is voorbij voor vandaag'],
    [{ kind: 'event-on', until: '2027-07-14' }, 'en', 'On now, until 14 July'],
    [{ kind: 'event-on', until: '2027-07-09' }, 'en', 'On today'],
    [{ kind: 'event-later', start: '2027-08-15', end: '2027-08-15' }, 'fr', 'Prochaine édition : 15 août'],
  ])('%j in %s: %s', (status, lng, text) => {
    renderWithProviders(<StatusLine status={status} />, { lng });
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('says nothing of unknown times, except in the when filter’s results', () => {
    const { container } = renderWithProviders(<StatusLine status={{ kind: 'unknown' }} />, { lng: 'en' });
    expect(container.textContent).toBe('');
    renderWithProviders(<StatusLine status={{ kind: 'unknown' }} checkTimes />, { lng: 'nl' });
    expect(screen.getByText('Check de tijden')).toBeInTheDocument();
  });
});
