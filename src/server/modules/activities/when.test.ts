import { beforeAll, describe, expect, it } from 'vitest';
import type { Activity, ActivityDetail } from '../../../domain/activities.js';
import { fixedClock } from '../../deps.js';
import { createActivity } from '../../test/factories.js';
import { getJson } from '../../test/http.js';
import { useTestApp } from '../../test/test-app.js';

/**
 * The when filter, open now and the status of each activity through HTTP (docs/when.md), on a fixed
 * clock: Friday 9 July 2027, 10:00 in Limoux (summer time, 08:00 UTC).
 */
const clock = fixedClock('2027-07-09T08:00:00Z');
const ctx = useTestApp(() => ({ deps: { clock } }));

const ids = {} as Record<'museum' | 'bakery' | 'sundayMarket' | 'festival' | 'noTimes' | 'laterEvent', number>;

beforeAll(async () => {
  const db = ctx.db;
  // Tuesday to Sunday 14:00-18:00: opens later today, open on the weekend, closed on Monday.
  ids.museum = await createActivity(db, {
    name: 'Musée Alpha',
    category: 'uitjes',
    latitude: 43.06,
    weeklyHours: [{ days: [2, 3, 4, 5, 6, 7], opens: '14:00', closes: '18:00', seasonStart: null, seasonEnd: null }],
  });
  // Monday to Friday 08:00-12:00: open now, closed on the weekend.
  ids.bakery = await createActivity(db, {
    name: 'Boulangerie Bêta',
    category: 'uitjes',
    latitude: 43.07,
    weeklyHours: [{ days: [1, 2, 3, 4, 5], opens: '08:00', closes: '12:00', seasonStart: null, seasonEnd: null }],
  });
  // A market on Sunday mornings.
  ids.sundayMarket = await createActivity(db, {
    name: 'Marché Gamma',
    category: 'markten',
    latitude: 43.08,
    marketDays: 'Dimanche matin',
    weeklyHours: [{ days: [7], opens: '07:00', closes: '12:30', seasonStart: null, seasonEnd: null }],
  });
  // A festival whose edition covers the whole of July.
  ids.festival = await createActivity(db, {
    name: 'Festival Delta',
    category: 'feesten',
    latitude: 43.09,
    eventStart: '2027-07-01',
    eventEnd: '2027-07-31',
  });
  // Nothing structured: "check times".
  ids.noTimes = await createActivity(db, { name: 'Lac Epsilon', category: 'zomeractiviteiten', latitude: 43.1 });
  // An event in August: before its edition it is closed.
  ids.laterEvent = await createActivity(db, {
    name: 'Fête Zêta',
    category: 'feesten',
    latitude: 43.11,
    eventStart: '2027-08-15',
    eventEnd: null,
  });
});

const list = (query: string) => getJson<Activity[]>(ctx.app, `/api/activities?${query}`);
const namesOf = (items: Activity[]) => items.map((a) => a.name);

describe('GET /api/activities: each activity its status now', () => {
  it('says what each card says at 10:00 on a Friday in Limoux', async () => {
    clock.set('2027-07-09T08:00:00Z');
    const res = await list('sort=name&limit=100');
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(res.body.map((a) => [a.name, a.status]));
    expect(byName).toEqual({
      'Musée Alpha': { kind: 'opens-later', opens: '14:00' },
      'Boulangerie Bêta': { kind: 'open', until: '12:00', untilDay: '2027-07-09' },
      'Marché Gamma': { kind: 'closed-today' },
      'Festival Delta': { kind: 'event-on', until: '2027-07-31' },
      'Lac Epsilon': { kind: 'unknown' },
      'Fête Zêta': { kind: 'event-later', start: '2027-08-15', end: '2027-08-15' },
    });
    // Without when or openNow, nothing is marked.
    expect(res.body.every((a) => a.whenMatch === undefined)).toBe(true);
    expect(res.headers['x-when-matches']).toBeUndefined();
  });

  it('gives the detail its status too', async () => {
    clock.set('2027-07-11T06:00:00Z'); // Sunday 08:00
    const res = await getJson<ActivityDetail>(ctx.app, `/api/activities/${ids.sundayMarket}`);
    expect(res.status).toBe(200);
    expect(res.body.status).toEqual({ kind: 'market-today', opens: '07:00', closes: '12:30', phase: 'on' });
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
  });

  it('does not serve a kept answer of an earlier minute', async () => {
    clock.set('2027-07-09T09:59:30Z'); // Friday 11:59:30
    const before = await list('category=uitjes&sort=name');
    expect(before.body.find((a) => a.id === ids.bakery)?.status).toEqual({
      kind: 'open',
      until: '12:00',
      untilDay: '2027-07-09',
    });
    // The same URL within the minute: the kept answer.
    clock.set('2027-07-09T09:59:59Z');
    expect((await list('category=uitjes&sort=name')).body).toEqual(before.body);
    // At 12:00 the bakery has closed for the day: a new answer.
    clock.set('2027-07-09T10:00:00Z');
    const after = await list('category=uitjes&sort=name');
    expect(after.body.find((a) => a.id === ids.bakery)?.status).toEqual({ kind: 'closed-now' });
  });
});

describe('GET /api/activities?when=&openNow=', () => {
  it('this weekend: the matches first, then those with no times, the closed left out', async () => {
    clock.set('2027-07-09T08:00:00Z'); // Friday: the weekend is 10 and 11 July
    const res = await list('when=weekend');
    expect(res.status).toBe(200);
    // Matches in the default order (distance from Limoux), then the unknown one.
    expect(namesOf(res.body)).toEqual(['Musée Alpha', 'Marché Gamma', 'Festival Delta', 'Lac Epsilon']);
    expect(res.body.map((a) => a.whenMatch)).toEqual(['match', 'match', 'match', 'check-times']);
    expect(res.headers['x-total-count']).toBe('4');
    expect(res.headers['x-when-matches']).toBe('3');
  });

  it('keeps the order asked for within the matches and within the rest', async () => {
    clock.set('2027-07-09T08:00:00Z');
    const byName = await list('when=weekend&sort=name');
    expect(namesOf(byName.body)).toEqual(['Festival Delta', 'Marché Gamma', 'Musée Alpha', 'Lac Epsilon']);
    const newest = await list('when=weekend&sort=newest&limit=2&offset=2');
    expect(newest.body.map((a) => a.whenMatch)).toEqual(['match', 'check-times']);
    expect(newest.headers['x-total-count']).toBe('4');
  });

  it('today, tomorrow and a day', async () => {
    clock.set('2027-07-09T08:00:00Z');
    expect(namesOf((await list('when=today&sort=name')).body)).toEqual([
      'Boulangerie Bêta',
      'Festival Delta',
      'Musée Alpha',
      'Lac Epsilon',
    ]);
    expect(namesOf((await list('when=tomorrow&sort=name')).body)).toEqual([
      'Festival Delta',
      'Musée Alpha',
      'Lac Epsilon',
    ]);
    // Monday 12 July: the museum is closed, the bakery open.
    expect(namesOf((await list('when=2027-07-12&sort=name')).body)).toEqual([
      'Boulangerie Bêta',
      'Festival Delta',
      'Lac Epsilon',
    ]);
    // Sunday 15 August: the later event is held, the festival over (nothing says when its next edition is).
    expect((await list('when=2027-08-15&sort=name')).body.map((a) => [a.name, a.whenMatch])).toEqual([
      ['Fête Zêta', 'match'],
      ['Marché Gamma', 'match'],
      ['Musée Alpha', 'match'],
      ['Festival Delta', 'check-times'],
      ['Lac Epsilon', 'check-times'],
    ]);
  });

  it('reads the day on Limoux’s clock: 23:30 UTC on Friday is Saturday there', async () => {
    clock.set('2027-07-09T23:30:00Z');
    expect(namesOf((await list('when=today&sort=name')).body)).toEqual([
      'Festival Delta',
      'Musée Alpha',
      'Lac Epsilon',
    ]);
  });

  it('open now, alone and with a day', async () => {
    clock.set('2027-07-09T08:00:00Z'); // Friday 10:00
    const now = await list('openNow=true&sort=name');
    expect(namesOf(now.body)).toEqual(['Boulangerie Bêta', 'Festival Delta', 'Lac Epsilon']);
    expect(now.headers['x-when-matches']).toBe('2');
    // openNow=false filters nothing.
    expect((await list('openNow=false')).headers['x-total-count']).toBe('6');
    // Both: open now and on the day.
    expect(namesOf((await list('openNow=true&when=today&category=uitjes')).body)).toEqual(['Boulangerie Bêta']);
    clock.set('2027-07-09T13:00:00Z'); // 15:00: the museum is open, the bakery closed
    expect(namesOf((await list('openNow=1&category=uitjes')).body)).toEqual(['Musée Alpha']);
  });

  it('combines with the other filters and search', async () => {
    clock.set('2027-07-09T08:00:00Z');
    expect(namesOf((await list('when=weekend&category=markten')).body)).toEqual(['Marché Gamma']);
    expect(namesOf((await list('when=weekend&search=festival')).body)).toEqual(['Festival Delta']);
    const none = await list('when=weekend&search=boulangerie');
    expect(none.body).toEqual([]);
    expect(none.headers['x-when-matches']).toBe('0');
  });

  it.each([
    ['when=yesterday', 'when'],
    ['when=2027-02-30', 'when'],
    ['when=', 'when'],
    ['openNow=maybe', 'openNow'],
  ])('refuses %s with a 400 naming the parameter', async (query, name) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.text).toContain(name);
  });
});
