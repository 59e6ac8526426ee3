/**
 * Lighthouse (mobile: simulated slow 4G, 4x slower CPU) on the production build: `/`,
 * `/activity/3`, `/kaart` and `/agenda`, three runs each, the median run reported (docs/benchmarks.md).
 * `LIGHTHOUSE_PAGES=/agenda` measures only the pages named (comma-separated); `LIGHTHOUSE_PORT` moves
 * the app server off its port 5291 (two runs at once on one machine).
 *
 * The ceiling, measured in the same run: a bare HTML page of one heading, served by a bare
 * Node server, which no app can beat on this machine. Each page's LCP is also given as a ratio
 * to the ceiling's.
 *
 * Lighthouse is not a dependency of the project (about 200 packages that CI would install for
 * nothing): this script runs the pinned version through `npx`, which fetches it once.
 * Run: npm run build && npm run bench:lighthouse
 * `LIGHTHOUSE_RUNS=5` for more runs per page; `LIGHTHOUSE_CPU_SLOWDOWN=8` for the phone Lighthouse's
 * default 4x means on a machine half as fast as this one (docs/benchmarks.md#lighthouse-issue-13).
 */
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startBuiltServer } from './built-server.js';
import { CHROMIUM_PATH } from './chromium.js';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',') ?? ['/', '/activity/3', '/kaart', '/agenda'];
// Lighthouse's default 4x CPU slowdown is meant for a machine of benchmark index 1,500-2,000; this one
// scores about 3,800 when quiet, so `LIGHTHOUSE_CPU_SLOWDOWN=8` stands for the device 4x means
// (docs/benchmarks.md#lighthouse-issue-13).
const CPU_SLOWDOWN = process.env.LIGHTHOUSE_CPU_SLOWDOWN;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  // This machine reaches no outside host: without these Chromium keeps trying.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
].join(' ');

interface Report {
  environment?: { benchmarkIndex?: number };
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; score: number | null }>;
}

const run = promisify(execFile);
const work = await mkdtemp(path.join(os.tmpdir(), 'dl-lighthouse-'));

async function lighthouse(url: string, index: number): Promise<Report> {
  const output = path.join(work, `report-${index}.json`);
  await run(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      url,
      '--quiet',
      '--output=json',
      `--output-path=${output}`,
      `--chrome-path=${CHROMIUM_PATH}`,
      `--chrome-flags=${CHROME_FLAGS}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      ...(CPU_SLOWDOWN ? [`--throttling.cpuSlowdownMultiplier=${CPU_SLOWDOWN}`] : []),
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(await readFile(output, 'utf8')) as Report;
}

/**
 * Lighthouse now and then fails to record a trace (NO_NAVSTART, about one run in 20 here): such a
 * run is run again, up to twice, and said so, rather than losing the runs already made.
 */
async function lighthouseRetried(url: string, index: number): Promise<Report> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouse(url, index + attempt / 10);
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(`${url}: run ${index + 1} failed (${String(error).split('\n').at(-2) ?? 'no message'}); again`);
    }
  }
}

/** The median run by performance score (the figures of one real run, not a mix of several). */
async function median(url: string, label: string): Promise<Report> {
  const reports: Report[] = [];
  for (let i = 0; i < RUNS; i++) reports.push(await lighthouseRetried(url, reports.length));
  reports.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
  const scores = reports.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100));
  // Lighthouse's own measure of the machine's speed: its 4x CPU slowdown is meant for a fast desktop,
  // so figures of two days compare only at a like index (docs/benchmarks.md#lighthouse-issue-13).
  const speed = reports.map((r) => Math.round(r.environment?.benchmarkIndex ?? Number.NaN));
  const lcps = reports.map((r) =>
    ((r.audits['largest-contentful-paint']?.numericValue ?? Number.NaN) / 1000).toFixed(2),
  );
  console.info(
    `${label}: performance of the ${RUNS} runs ${scores.join(', ')}; LCP ${lcps.join(', ')} s; benchmark index ${speed.join(', ')}`,
  );
  return reports[Math.floor(reports.length / 2)] as Report;
}

const ms = (report: Report, audit: string) => report.audits[audit]?.numericValue ?? Number.NaN;
const score = (report: Report, category: string) =>
  Math.round((report.categories[category]?.score ?? Number.NaN) * 100);

// The ceiling: one heading, no script, no style.
const bare = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="ceiling"><title>Ceiling</title></head><body><h1>The bare page</h1></body></html>',
  );
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const bareAddress = bare.address();
const bareUrl = `http://127.0.0.1:${typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0}/`;

const { base, stop } = await startBuiltServer(Number(process.env.LIGHTHOUSE_PORT ?? 5291));
try {
  const ceiling = await median(bareUrl, 'bare page');
  const rows = [];
  for (const page of PAGES) rows.push({ page, report: await median(`${base}${page}`, page) });

  const ceilingLcp = ms(ceiling, 'largest-contentful-paint');
  console.info(
    '\n| page | performance | accessibility | best practices | SEO | FCP | LCP | LCP / ceiling | TBT | CLS |',
  );
  console.info('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const { page, report } of [{ page: 'bare page (ceiling)', report: ceiling }, ...rows]) {
    const lcp = ms(report, 'largest-contentful-paint');
    console.info(
      `| ${page} | ${score(report, 'performance')} | ${score(report, 'accessibility')} | ${score(report, 'best-practices')} | ${score(report, 'seo')} | ${(ms(report, 'first-contentful-paint') / 1000).toFixed(2)} s | ${(lcp / 1000).toFixed(2)} s | ${(lcp / ceilingLcp).toFixed(2)}x | ${Math.round(ms(report, 'total-blocking-time'))} ms | ${ms(report, 'cumulative-layout-shift').toFixed(3)} |`,
    );
  }
  for (const { page, report } of rows) {
    const failing = Object.entries(report.audits)
      .filter(([, audit]) => audit.score !== null && audit.score < 0.9 && audit.numericValue === undefined)
      .map(([id]) => id);
    if (failing.length > 0) console.info(`${page}: audits below 0.9: ${failing.join(', ')}`);
  }
} finally {
  stop();
  bare.close();
  await rm(work, { recursive: true, force: true });
}
