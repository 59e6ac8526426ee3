/**
 * Mixed traffic against the production build (docs/benchmarks.md#load):
 * reads, searches, suggestions, logins and bookings at 100 connections (opened over the first
 * 15 s) for 60 s (`--seconds N` to change; `npm test` runs 30 s), on a file-backed embedded database. Fails
 * (exit 1) on any connection error, timeout or answer other than 2xx, or when
 * the server's memory keeps growing. Part of `npm test` (`npm run test:load`). Every request comes from its own forwarded address, as many
 * visitors would, so the per-client rate limits do not turn the run into 429s.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { BUILT_SERVER, SERVER_NODE_FLAGS } from './built-server.js';

if (!existsSync(BUILT_SERVER)) {
  console.error('load test: no production build; run `npm run build` first');
  process.exit(1);
}
const CONNECTIONS = 100;
/** The connections open in ten groups, one every 1.5 s (below). */
const RAMP_GROUPS = 10;
const RAMP_STEP_MS = 1500;
/** autocannon's merge of runs made with `skipAggregateResult` (its types do not declare it). */
const aggregateResult = (
  autocannon as unknown as {
    aggregateResult(results: autocannon.Result[], opts: autocannon.Options): autocannon.Result;
  }
).aggregateResult;

// The last --seconds given counts: `npm run test:load -- --seconds 60` overrides the script's own.
const seconds = Number(process.argv[process.argv.lastIndexOf('--seconds') + 1]) || 60;
const PORT = 5320;
const base = `http://127.0.0.1:${PORT}`;
const dir = await mkdtemp(path.join(tmpdir(), 'dl-load-'));
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, BUILT_SERVER], {
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SESSION_SECRET: 'load-test-session-secret-that-is-long-enough-01',
    PUBLIC_URL: base,
    DATA_DIR: dir,
    DATABASE_URL: '',
    DEMO_LOGIN: 'true',
    TRUST_PROXY: 'loopback',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
const inDays = (days: number) => addDays(new Date().toISOString().slice(0, 10), days);

interface AvailabilityAnswer {
  days: { date: string; open: boolean; slots: { start: string | null; placesLeft: number | null }[] }[];
}

/**
 * Every place the bookable activities offer over the two years ahead, from the day after tomorrow
 * (no lead time runs out during the run), one entry per person, the activities taking turns.
 * A start without a limit counts as 20 places.
 */
async function placesToBook(activityIds: number[]) {
  const perActivity = await Promise.all(
    activityIds.map(async (activityId) => {
      const places: { activityId: number; bookingDate: string; slot: string | null }[] = [];
      for (let from = inDays(2), k = 0; k < 8; k++, from = addDays(from, 92)) {
        const url = `${base}/api/activities/${activityId}/availability?from=${from}&to=${addDays(from, 91)}`;
        const answer = (await (await fetch(url)).json()) as AvailabilityAnswer;
        for (const day of answer.days.filter((d) => d.open)) {
          for (const start of day.slots) {
            for (let p = 0; p < (start.placesLeft ?? 20); p++) {
              places.push({ activityId, bookingDate: day.date, slot: start.start });
            }
          }
        }
      }
      return places;
    }),
  );
  const turns = Math.max(...perActivity.map((p) => p.length));
  const places = Array.from({ length: turns }, (_, t) =>
    perActivity.flatMap((p) => (t < p.length ? [p[t]] : [])),
  ).flat();
  if (places.length === 0) throw new Error('no bookable place in the demo content');
  return places;
}

async function rssMb(): Promise<number> {
  const status = await readFile(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

try {
  for (let i = 0; ; i++) {
    if (
      await fetch(`${base}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 600) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const ids = (await (await fetch(`${base}/api/activities?limit=100`)).json()) as {
    id: number;
    bookingRequired: boolean;
  }[];
  const bookable = ids.filter((a) => a.bookingRequired).map((a) => a.id);
  const places = await placesToBook(bookable);
  let booked = 0;
  let n = 0;
  const reads = [
    '/api/activities?limit=12',
    '/api/activities?category=markten',
    '/api/activities?sort=rating&offset=12',
    '/api/activities?search=chateau',
    '/api/activities?search=lac&lng=fr',
    '/api/search/suggestions?q=wan',
    '/api/stats',
    '/api/tags',
  ];
  /** The requests of one group of connections (below): numbered across all groups. */
  const requestMix = (): autocannon.Request[] => [
    {
      setupRequest: (request) => {
        const i = n++;
        const address = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
        const headers = { 'x-forwarded-for': address, origin: base, 'content-type': 'application/json' };
        const kind = i % 20;
        // A login sends no body, so no content type either (an empty JSON body is a 400).
        if (kind === 0) {
          const { 'content-type': _none, ...plain } = headers;
          return { ...request, method: 'POST', path: '/api/demo/login/visitor', headers: plain };
        }
        if (kind === 1) {
          return {
            ...request,
            method: 'POST',
            path: '/api/bookings',
            headers,
            // One person in the next place the availability offered (docs/availability.md): a
            // booking beyond the places would rightly be refused.
            body: JSON.stringify({
              ...places[booked++ % places.length],
              customerName: 'Load Test',
              customerEmail: `load-${i}@example.com`,
            }),
          };
        }
        if (kind < 6)
          return { ...request, method: 'GET', path: `/api/activities/${ids[i % ids.length]?.id ?? 1}`, headers };
        // A booking calendar: a month of a bookable activity, from one of the next 100 days.
        if (kind === 6) {
          const from = inDays(2 + (i % 100));
          const path = `/api/activities/${bookable[i % bookable.length]}/availability?from=${from}&to=${addDays(from, 30)}`;
          return { ...request, method: 'GET', path, headers };
        }
        return { ...request, method: 'GET', path: reads[i % reads.length] ?? '/api/stats', headers };
      },
    },
  ];
  const memory: number[] = [];
  const sampler = setInterval(() => void rssMb().then((mb) => memory.push(mb)), 5000);
  // The visitors arrive over the first seconds, ten at a time, rather than all in one millisecond:
  // Node accepts one new connection per turn of its event loop, and each turn serves every
  // connection already open, so 100 opened at once on a busy server waited in the listening
  // socket's queue up to 10 s and more (docs/benchmarks.md#load). All end together.
  const started = Date.now();
  const groups = await Promise.all(
    Array.from({ length: RAMP_GROUPS }, async (_, group) => {
      await new Promise((resolve) => setTimeout(resolve, group * RAMP_STEP_MS));
      return autocannon({
        url: base,
        connections: CONNECTIONS / RAMP_GROUPS,
        duration: seconds - (Date.now() - started) / 1000,
        requests: requestMix(),
        // Raw histograms, merged below into one result (latencies too, so the p99 is of every request).
        skipAggregateResult: true,
      });
    }),
  );
  clearInterval(sampler);
  const result = aggregateResult(groups, { url: base, connections: CONNECTIONS, duration: seconds });
  const statuses = result.statusCodeStats as Record<string, { count: number }>;
  const fiveHundreds = Object.entries(statuses)
    .filter(([code]) => Number(code) >= 500)
    .reduce((sum, [, s]) => sum + s.count, 0);
  const half = Math.floor(memory.length / 2);
  const early = Math.max(...memory.slice(1, Math.max(2, half)));
  const late = Math.max(...memory.slice(half));
  console.info(
    `${seconds} s at ${CONNECTIONS} connections: ${result.requests.total} requests (${Math.round(result.requests.total / seconds)}/s), p99 ${result.latency.p99} ms; statuses ${JSON.stringify(Object.fromEntries(Object.entries(statuses).map(([c, s]) => [c, s.count])))}; errors ${result.errors}, timeouts ${result.timeouts}; memory (RSS) ${memory.map((m) => Math.round(m)).join(' ')} MB`,
  );
  // Every request is well-formed and comes from its own address: anything but a 2xx (a 429, a 400) is a fault too.
  const notAccepted = Object.entries(statuses)
    .filter(([code]) => Number(code) < 200 || Number(code) >= 300)
    .reduce((sum, [, s]) => sum + s.count, 0);
  const problems = [
    result.errors > 0 ? `${result.errors} connection errors` : '',
    result.timeouts > 0 ? `${result.timeouts} timeouts` : '',
    fiveHundreds > 0 ? `${fiveHundreds} answers 5xx` : '',
    notAccepted > fiveHundreds ? `${notAccepted - fiveHundreds} answers 1xx, 3xx or 4xx` : '',
    late > early * 1.25 + 20 ? `memory grew from ${Math.round(early)} to ${Math.round(late)} MB` : '',
  ].filter(Boolean);
  if (problems.length > 0) {
    console.error(`load test failed: ${problems.join('; ')}`);
    process.exitCode = 1;
  } else console.info('load test passed: no errors, every answer 2xx, memory flat');
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await rm(dir, { recursive: true, force: true });
}
