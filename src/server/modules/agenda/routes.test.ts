/*
 * The agenda, the calendar feeds and the news feed through HTTP, on both databases
 * (docs/when.md#the-agenda-and-the-calendar-feeds). Every calendar file is read by a real iCalendar
 * parser (ical.js, Mozilla's); the Atom feed by an XML parser.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agenda } from '../../../domain/agenda.js';
import { parisInstant } from '../../../domain/availability.js';
import { addDays } from '../../../domain/dates.js';
import { hoursOn } from '../../../domain/opening.js';
import type { WeeklyHoursRow } from '../../../domain/weekly-hours.js';
import { type App, buildApp } from '../../app.js';
import type { Database } from '../../db/client.js';
import { fixedClock } from '../../deps.js';
import { createActivity } from '../../test/factories.js';
import { INDEX_HTML } from '../../test/index-html.js';
import { testConfig } from '../../test/test-app.js';
import { createTestDatabase } from '../../test/test-db.js';

// jsdom's XML parser (a strict one); the package has no types of its own.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new () => { window: { DOMParser: typeof DOMParser } };
};

const PUBLIC_URL = 'https://guide.example';
// A Thursday in Limoux; the feeds' half year runs over the change to summer time (28 March 2027).
const clock = fixedClock('2026-11-26T10:00:00Z');
let app: App;
let database: Database;
let clientDir: string;

const row = (days: number[], opens: string, closes: string, season?: [string, string]): WeeklyHoursRow => ({
  days,
  opens,
  closes,
  seasonStart: season?.[0] ?? null,
  seasonEnd: season?.[1] ?? null,
});

const SATURDAY_MARKET = [row([6], '08:00', '12:30'), row([3], '16:00', '19:00')];
// Saturdays all year; from 15 to 31 December Sundays instead (the season's rows replace the year's).
const SEASON_MARKET = [row([6], '07:00', '13:00'), row([7], '09:00', '13:00', ['12-15', '12-31'])];
const EXHIBITION_HOURS = [row([2, 3, 4, 5, 6, 7], '10:00', '18:00')];

const ids = {} as Record<
  'market' | 'season' | 'festival' | 'exhibition' | 'sport' | 'past' | 'textMarket' | 'hidden',
  number
>;

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(os.tmpdir(), 'dl-agenda-'));
  await mkdir(path.join(clientDir, 'assets'));
  await writeFile(path.join(clientDir, 'index.html'), INDEX_HTML);
  database = await createTestDatabase();
  const db = database.db;
  ids.market = await createActivity(db, {
    name: 'Marché, place de la République; Limoux',
    category: 'markten',
    weeklyHours: SATURDAY_MARKET,
  });
  ids.season = await createActivity(db, { name: 'Marché de Noël', category: 'markten', weeklyHours: SEASON_MARKET });
  ids.festival = await createActivity(db, {
    name: 'Fête de la Blanquette',
    category: 'feesten',
    eventStart: '2026-12-05',
    eventEnd: '2026-12-07',
  });
  ids.exhibition = await createActivity(db, {
    name: 'Exposition de crèches',
    category: 'uitjes',
    eventStart: '2026-12-01',
    eventEnd: '2026-12-20',
    weeklyHours: EXHIBITION_HOURS,
  });
  ids.sport = await createActivity(db, { name: 'Piscine', category: 'sport', weeklyHours: SATURDAY_MARKET });
  ids.past = await createActivity(db, { name: 'Fête passée', category: 'feesten', eventStart: '2026-11-01' });
  ids.textMarket = await createActivity(db, {
    name: 'Marché en texte',
    category: 'markten',
    marketDays: 'Mardi matin',
  });
  ids.hidden = await createActivity(db, {
    name: 'Marché caché',
    category: 'markten',
    weeklyHours: SATURDAY_MARKET,
    isApproved: false,
  });
  app = await buildApp({
    config: { ...testConfig({ PUBLIC_URL }), clientDir },
    database,
    consistentReads: true,
    clock,
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await rm(clientDir, { recursive: true, force: true });
});

const entriesOn = (agenda: Agenda, day: string) =>
  agenda.days.find((d) => d.day === day)?.entries.map((e) => ({ id: e.id, times: e.times })) ?? [];

describe('GET /api/agenda', () => {
  it('gives the next 30 days with something on: market days with their times, events on their days', async () => {
    const response = await app.inject({ url: '/api/agenda?lng=fr' });
    expect(response.statusCode).toBe(200);
    const agenda = response.json<Agenda>();
    expect(agenda.from).toBe('2026-11-26');
    expect(agenda.to).toBe('2026-12-25');
    expect(agenda.category).toBeNull();
    const shown = new Set(agenda.days.flatMap((d) => d.entries.map((e) => e.id)));
    expect(shown).toEqual(new Set([ids.market, ids.season, ids.festival, ids.exhibition]));
    // Saturday 28 November: both markets, in order of opening.
    expect(entriesOn(agenda, '2026-11-28')).toEqual([
      { id: ids.season, times: [{ opens: '07:00', closes: '13:00' }] },
      { id: ids.market, times: [{ opens: '08:00', closes: '12:30' }] },
    ]);
    // Wednesday: the afternoon market only. Friday: nothing, so no day at all.
    expect(entriesOn(agenda, '2026-12-02')).toEqual([
      { id: ids.exhibition, times: [{ opens: '10:00', closes: '18:00' }] },
      { id: ids.market, times: [{ opens: '16:00', closes: '19:00' }] },
    ]);
    expect(entriesOn(agenda, '2026-11-27')).toEqual([]);
    // The festival is held all day on each of its days; the exhibition is closed on Mondays (7 December).
    for (const day of ['2026-12-05', '2026-12-06', '2026-12-07'])
      expect(entriesOn(agenda, day)).toContainEqual({ id: ids.festival, times: [] });
    expect(entriesOn(agenda, '2026-12-07').map((e) => e.id)).not.toContain(ids.exhibition);
    // In its season the Christmas market is held on Sundays and not on Saturdays.
    expect(entriesOn(agenda, '2026-12-19').map((e) => e.id)).not.toContain(ids.season);
    expect(entriesOn(agenda, '2026-12-20').map((e) => e.id)).toContain(ids.season);
    const festival = agenda.days.flatMap((d) => d.entries).find((e) => e.id === ids.festival);
    expect(festival).toMatchObject({ kind: 'event', edition: { start: '2026-12-05', end: '2026-12-07' } });
    expect(agenda.days.map((d) => d.day)).toEqual([...agenda.days.map((d) => d.day)].sort());
  });

  it('keeps one category, and refuses an unknown one with a 400', async () => {
    const markets = (await app.inject({ url: '/api/agenda?category=markten' })).json<Agenda>();
    expect(new Set(markets.days.flatMap((d) => d.entries.map((e) => e.category)))).toEqual(new Set(['markten']));
    const wrong = await app.inject({ url: '/api/agenda?category=concerts' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ message: string }>().message).toMatch(/category/);
  });
});

/** A calendar file as ical.js reads it, its time zone registered as a calendar program does. */
function readCalendar(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return calendar;
}

/** Every occurrence of an event up to a day, as instants. */
function occurrences(vevent: ICAL.Component, until: string): Date[] {
  const event = new ICAL.Event(vevent);
  const out: Date[] = [];
  const iterator = event.iterator();
  for (let next = iterator.next(); next && next.toString().slice(0, 10) <= until; next = iterator.next()) {
    out.push(next.toJSDate());
    if (out.length > 400) throw new Error('runs on without end');
  }
  return out;
}

const uidOf = (vevent: ICAL.Component) => String(vevent.getFirstPropertyValue('uid'));

describe('the calendar feeds, read by ical.js', () => {
  it('/agenda.ics: every agenda activity, stable ids, market days weekly on Limoux’s clock', async () => {
    const response = await app.inject({ url: '/agenda.ics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    // RFC 5545: lines end in CRLF, none longer than 75 octets.
    expect(response.body.endsWith('\r\n')).toBe(true);
    for (const line of response.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const calendar = readCalendar(response.body);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    const events = calendar.getAllSubcomponents('vevent');
    const uids = events.map(uidOf);
    expect(new Set(uids).size).toBe(uids.length);
    expect(uids.sort()).toEqual(
      [
        `activity-${ids.market}-0800-1230@guide.example`,
        `activity-${ids.market}-1600-1900@guide.example`,
        `activity-${ids.season}-0700-1300@guide.example`,
        `activity-${ids.season}-0900-1300@guide.example`,
        `activity-${ids.festival}-2026-12-05@guide.example`,
        `activity-${ids.exhibition}-2026-12-01-1000-1800@guide.example`,
      ].sort(),
    );
    const byUid = new Map(events.map((e) => [uidOf(e), e]));

    // The festival: all day, 5 to 7 December (DTEND the day after).
    const festival = new ICAL.Event(byUid.get(`activity-${ids.festival}-2026-12-05@guide.example`));
    expect(festival.startDate.isDate).toBe(true);
    expect(festival.startDate.toString()).toBe('2026-12-05');
    expect(festival.endDate.toString()).toBe('2026-12-08');
    expect(festival.summary).toBe('Fête de la Blanquette');

    // The Saturday market: 08:00 in Limoux in winter and after the clocks go forward (UTC 07:00, then 06:00).
    const saturday = byUid.get(`activity-${ids.market}-0800-1230@guide.example`) as ICAL.Component;
    expect(saturday.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Europe/Paris');
    expect(new ICAL.Event(saturday).summary).toBe('Marché, place de la République; Limoux');
    const times = occurrences(saturday, '2027-05-31');
    expect(times[0]?.toISOString()).toBe('2026-11-28T07:00:00.000Z');
    expect(times.find((t) => t.toISOString().startsWith('2027-04-03'))?.toISOString()).toBe('2027-04-03T06:00:00.000Z');
    expect(new ICAL.Event(saturday).duration.toSeconds()).toBe(4.5 * 3600);
  });

  it('each weekly event is held exactly on the days the weekly rows give (seasons as exceptions)', async () => {
    const calendar = readCalendar((await app.inject({ url: '/agenda.ics?category=markten' })).body);
    const events = calendar.getAllSubcomponents('vevent');
    expect(
      events
        .map(uidOf)
        .every((uid) => uid.startsWith(`activity-${ids.market}-`) || uid.startsWith(`activity-${ids.season}-`)),
    ).toBe(true);
    const last = '2027-05-27';
    for (const [id, rows] of [
      [ids.market, SATURDAY_MARKET],
      [ids.season, SEASON_MARKET],
    ] as const) {
      for (const vevent of events.filter((e) => uidOf(e).startsWith(`activity-${id}-`))) {
        const opens = `${uidOf(vevent).split('-')[2]?.slice(0, 2)}:${uidOf(vevent).split('-')[2]?.slice(2)}`;
        const expected: string[] = [];
        for (let day = '2026-11-26'; day <= last; day = addDays(day, 1)) {
          if (hoursOn(rows, day).some((h) => h.opens === opens)) expected.push(parisInstant(day, opens).toISOString());
        }
        expect(expected.length).toBeGreaterThan(0);
        expect(occurrences(vevent, last).map((t) => t.toISOString())).toEqual(expected);
      }
    }
    // The Christmas season leaves out the Saturdays of 19 and 26 December.
    const year = events.find((e) => uidOf(e) === `activity-${ids.season}-0700-1300@guide.example`);
    expect(String(year?.getFirstProperty('exdate')?.getValues().map(String))).toContain('2026-12-19T07:00:00');
  });

  it('keeps its ids when the day changes, so a subscribed calendar updates instead of duplicating', async () => {
    const before = readCalendar((await app.inject({ url: '/agenda.ics' })).body)
      .getAllSubcomponents('vevent')
      .map(uidOf);
    clock.set('2026-12-03T10:00:00Z');
    try {
      const after = readCalendar((await app.inject({ url: '/agenda.ics' })).body)
        .getAllSubcomponents('vevent')
        .map(uidOf);
      expect(after.sort()).toEqual(before.sort());
    } finally {
      clock.set('2026-11-26T10:00:00Z');
    }
  });

  it('/activity/:id.ics: one activity’s events; 404 for one with nothing to come or not public', async () => {
    const festival = await app.inject({ url: `/activity/${ids.festival}.ics?lng=en` });
    expect(festival.statusCode).toBe(200);
    expect(festival.headers['content-disposition']).toBe(`attachment; filename="activity-${ids.festival}.ics"`);
    const events = readCalendar(festival.body).getAllSubcomponents('vevent');
    expect(events.map(uidOf)).toEqual([`activity-${ids.festival}-2026-12-05@guide.example`]);
    expect(new ICAL.Event(events[0]).component.getFirstPropertyValue('url')).toBe(
      `${PUBLIC_URL}/activity/${ids.festival}`,
    );
    const exhibition = readCalendar((await app.inject({ url: `/activity/${ids.exhibition}.ics` })).body);
    const [only] = exhibition.getAllSubcomponents('vevent');
    // 1 to 20 December without the Mondays (7 and 14).
    expect(occurrences(only as ICAL.Component, '2026-12-31')).toHaveLength(20 - 2);
    for (const id of [ids.sport, ids.past, ids.textMarket, ids.hidden, 999_999]) {
      const response = await app.inject({ url: `/activity/${id}.ics` });
      expect(response.statusCode).toBe(404);
      expect(response.json<{ message: string }>().message).toBeTruthy();
    }
  });
});

describe('the news feed', () => {
  it('/feed.atom is well-formed Atom with the new activities and the editions to come', async () => {
    const response = await app.inject({ url: '/feed.atom?lng=nl' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const doc = new new JSDOM().window.DOMParser().parseFromString(response.body, 'application/xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const feed = doc.documentElement;
    expect(feed.namespaceURI).toBe('http://www.w3.org/2005/Atom');
    const entries = Array.from(feed.getElementsByTagName('entry'));
    const ids_ = entries.map((e) => e.getElementsByTagName('id')[0]?.textContent);
    expect(ids_).toContain(`tag:guide.example,2026:activity-${ids.festival}`);
    expect(ids_).toContain(`tag:guide.example,2026:activity-${ids.festival}-edition-2026-12-05`);
    expect(ids_).not.toContain(`tag:guide.example,2026:activity-${ids.hidden}`);
    // The ended festival is new as an activity, but has no edition to come.
    expect(ids_.filter((id) => id?.startsWith(`tag:guide.example,2026:activity-${ids.past}`))).toHaveLength(1);
    for (const entry of entries) {
      for (const tag of ['id', 'title', 'updated']) expect(entry.getElementsByTagName(tag)).toHaveLength(1);
      expect(entry.getElementsByTagName('link')[0]?.getAttribute('href')).toMatch(
        /^https:\/\/guide\.example\/activity\/\d+\?lng=nl$/,
      );
    }
  });
});

describe('the /agenda page', () => {
  const jsonLd = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
      (m) => JSON.parse(m[1] as string) as Record<string, unknown>,
    );

  it('is a public page with its title, the agenda’s events as JSON-LD, and in the sitemap', async () => {
    const response = await app.inject({ url: '/agenda?lng=de', headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Veranstaltungskalender: Märkte und Feste · DiscoverLocal Limoux</title>');
    const events = jsonLd(response.body).filter((ld) => ld['@type'] === 'Event');
    const festival = events.find((e) => e.name === 'Fête de la Blanquette');
    expect(festival).toMatchObject({
      startDate: '2026-12-05',
      endDate: '2026-12-07',
      url: `${PUBLIC_URL}/activity/${ids.festival}?lng=de`,
    });
    // One event per edition, and a market as an event of each day, on Limoux's clock (winter: +01:00).
    expect(events.filter((e) => e.name === 'Fête de la Blanquette')).toHaveLength(1);
    expect(events).toContainEqual(
      expect.objectContaining({
        url: `${PUBLIC_URL}/activity/${ids.market}?lng=de`,
        startDate: '2026-11-28T08:00:00+01:00',
        endDate: '2026-11-28T12:30:00+01:00',
      }),
    );
    for (const event of events)
      expect(event).toMatchObject({ location: { '@type': 'Place' }, eventStatus: expect.any(String) });
    const sitemap = await app.inject({ url: '/sitemap.xml' });
    expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}/agenda?lng=nl</loc>`);
  });

  it('with a category, lists only its events', async () => {
    const response = await app.inject({ url: '/agenda?category=feesten', headers: { accept: '*/*' } });
    const names = jsonLd(response.body)
      .filter((ld) => ld['@type'] === 'Event')
      .map((e) => e.name);
    expect(names).toEqual(['Fête de la Blanquette']);
  });
});
