/*
 * The calendar writer's text and lines (RFC 5545 3.1 and 3.3.11), read back by ical.js.
 * The feeds themselves are tested through HTTP in routes.test.ts.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarFile, foldLine, icalText } from './calendar.js';

const NOW = new Date('2026-11-26T10:00:00Z');
const event = (summary: string, location = 'Limoux') =>
  ({
    uid: 'activity-1-2026-12-05@guide.example',
    summary,
    location,
    geo: { lat: 43.0547, lon: 2.2186 },
    url: 'https://guide.example/activity/1',
    modified: NOW,
    kind: 'all-day',
    start: '2026-12-05',
    end: '2026-12-05',
  }) as const;

describe('the calendar writer', () => {
  it('escapes backslashes, semicolons and commas, and folds control characters to a space', () => {
    expect(icalText('a\\b; c, d')).toBe('a\\\\b\\; c\\, d');
    expect(icalText('Cave\rX-INJECTED:1\u0000 tour\n\nBEGIN:VALARM')).toBe('Cave X-INJECTED:1 tour BEGIN:VALARM');
  });

  it('folds lines at 75 octets without cutting a character in two', () => {
    const line = `SUMMARY:${'é'.repeat(100)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(parts.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(foldLine('SHORT:1')).toBe('SHORT:1');
  });

  it('writes names as a calendar program reads them back', () => {
    const name = `Fête, marché; “crème” \\ ${'ü'.repeat(60)}\r\nBEGIN:VEVENT`;
    const ics = calendarFile('Agenda; test', [event(name, 'Place, Limoux')], NOW);
    expect(ics.includes('\r\nBEGIN:VEVENT\r\nUID:')).toBe(true);
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const events = calendar.getAllSubcomponents('vevent');
    expect(events).toHaveLength(1);
    const read = new ICAL.Event(events[0]);
    expect(read.summary).toBe(`Fête, marché; “crème” \\ ${'ü'.repeat(60)} BEGIN:VEVENT`);
    expect(read.location).toBe('Place, Limoux');
    // X-WR-CALNAME is TEXT for the programs that read it; ical.js gives unknown properties as written.
    expect(ics).toContain('\r\nX-WR-CALNAME:Agenda\\; test\r\n');
  });
});
