/**
 * Measures the JavaScript of the overview (/), gzipped, on the production build.
 *  - critical: what / needs before it can be used, from Vite's manifest: the
 *    entry, the overview route and the Dutch texts it shows (plus the English
 *    fallback texts i18next loads with them), with everything they import statically.
 *  - loaded: every script Chromium actually fetched for / until idle
 *    (critical plus what is deferred: toaster, cookie banner, footer).
 * Run: npm run build && npm run bench
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const PORT = 5290;
const base = `http://127.0.0.1:${PORT}`;
const clientDir = path.resolve('dist/client');

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;
const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;

function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) continue;
    seen.add(chunk.file);
    closure(chunk.imports ?? [], seen);
  }
  return seen;
}

const gz = (file: string) => gzipSync(readFileSync(path.join(clientDir, file))).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const critical = closure([
  'index.html',
  'app/routes/overview.tsx',
  'i18n/locales/nl/common.json',
  'i18n/locales/nl/activities.json',
  'i18n/locales/nl/favourites.json',
  // i18next also loads the fallback language (en) before it is ready.
  'i18n/locales/en/common.json',
  'i18n/locales/en/activities.json',
  'i18n/locales/en/favourites.json',
]);
const criticalBytes = [...critical].reduce((sum, file) => sum + gz(file), 0);

async function startServer(): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['dist/server/server.js'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: 'memory://',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SESSION_SECRET: 'bench-session-secret-that-is-long-enough-0123',
      PUBLIC_URL: base,
    },
    stdio: 'inherit',
  });
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(`${base}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return server;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 }, locale: 'nl-NL' });
  const loaded = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('.js')) loaded.add(url.pathname.slice(1));
  });
  const started = Date.now();
  await page.goto(base);
  await page.getByRole('heading', { level: 3 }).first().waitFor();
  const firstCardMs = Date.now() - started;
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(2000);

  for (const file of [...loaded].sort()) {
    console.info(`${critical.has(file) ? 'critical' : 'deferred'}  ${kb(gz(file)).padStart(9)}  ${file}`);
  }
  const missing = [...critical].filter((file) => !loaded.has(file));
  if (missing.length > 0) console.info(`\n(in the critical set but not fetched: ${missing.join(', ')})`);
  const loadedBytes = [...loaded].reduce((sum, file) => sum + gz(file), 0);
  console.info(`\nfirst activity card after ${firstCardMs} ms (local server, cold browser cache)`);
  console.info(`critical JS for /: ${critical.size} files, ${kb(criticalBytes)} gzipped (aim: under 150 KB)`);
  console.info(`all JS fetched for / until idle: ${loaded.size} files, ${kb(loadedBytes)} gzipped`);
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
