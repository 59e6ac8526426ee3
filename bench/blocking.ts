/**
 * Main-thread blocking after the first paint, as Lighthouse's simulation charges it, from browser
 * traces (docs/benchmarks.md#lighthouse-issue-13): a phone-sized page at 1x CPU, each load in a fresh
 * context; every main-thread task from the first contentful paint until 4 s after load counts
 * 4 x its length less 50 ms, summed. Lighthouse's scores cannot tell a change of a few
 * milliseconds from their noise on this shared machine; loads alternated between two servers can.
 *
 * Run: npm run build && npx tsx bench/blocking.ts [--runs N] [URL ...]
 * Without URLs it starts the production build and measures `/`, `/activity/3` and `/kaart`. To
 * compare two builds, serve each on its own port and give both URLs: the loads alternate.
 */
import { chromium } from '@playwright/test';
import { startBuiltServer } from './built-server.js';
import { CHROMIUM_PATH } from './chromium.js';

interface TraceEvent {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
}

const runsIndex = process.argv.indexOf('--runs');
const RUNS = runsIndex > 0 ? Number(process.argv[runsIndex + 1]) : 7;
const given = process.argv.slice(2).filter((arg, i, all) => arg !== '--runs' && all[i - 1] !== '--runs');
const SLOWDOWN = 4;
const LONG_TASK_MS = 50;

const server = given.length === 0 ? await startBuiltServer(5295) : undefined;
const urls = server ? ['/', '/activity/3', '/kaart'].map((page) => `${server.base}${page}`) : given;
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: ['--no-sandbox', '--disable-gpu'],
});

/** One load of `url`: the blocking time and the tasks longer than a long task at the slowdown. */
async function load(url: string): Promise<{ blocking: number; long: number[] }> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    deviceScaleFactor: 1.75,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'] },
    transferMode: 'ReportEvents',
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(4000);
  await cdp.send('Tracing.end');
  await complete;
  await context.close();
  const paint = events.find((event) => event.name === 'firstContentfulPaint');
  if (!paint) throw new Error(`no first contentful paint for ${url}`);
  const tasks = events.filter(
    (event) =>
      event.name === 'RunTask' &&
      event.dur !== undefined &&
      event.pid === paint.pid &&
      event.tid === paint.tid &&
      event.ts >= paint.ts,
  );
  const charged = tasks.map((task) => (SLOWDOWN * (task.dur ?? 0)) / 1000);
  return {
    blocking: Math.round(charged.reduce((sum, ms) => sum + Math.max(0, ms - LONG_TASK_MS), 0)),
    long: charged.filter((ms) => ms > LONG_TASK_MS).map((ms) => Math.round(ms / SLOWDOWN)),
  };
}

try {
  const results = new Map(urls.map((url) => [url, [] as number[]]));
  for (let run = 0; run < RUNS; run++) {
    for (const url of urls) {
      const { blocking, long } = await load(url);
      results.get(url)?.push(blocking);
      console.info(
        `${url}: ${blocking} ms; tasks over ${LONG_TASK_MS / SLOWDOWN} ms at 1x: ${long.join(', ') || 'none'}`,
      );
    }
  }
  console.info(`\n| page | median blocking (${RUNS} loads) | every load |`);
  console.info('| --- | --- | --- |');
  for (const [url, values] of results) {
    const sorted = [...values].sort((a, b) => a - b);
    console.info(`| ${url} | ${sorted[Math.floor(sorted.length / 2)]} ms | ${values.join(', ')} |`);
  }
} finally {
  await browser.close();
  server?.stop();
}
