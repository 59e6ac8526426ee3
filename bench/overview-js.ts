/**
 * Measures the JavaScript of the overview (/), gzipped, on the production build.
 *  - critical: what / needs before it can be used, from Vite's manifest: the
 *    script that loads the app after the first paint (boot.ts), the entry and the
 *    overview route, with everything they import statically (the texts come in the
 *    server-rendered page).
 *  - loaded: every script Chromium actually fetched for / until idle
 *    (critical plus what is deferred: toaster, cookie banner, footer).
 * Run: npm run build && npm run bench
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startBuiltServer } from './built-server.js';
import { CHROMIUM_PATH } from './chromium.js';

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
// The page's texts come in the page itself (docs/rendering.md): no language file is needed to hydrate.
const critical = closure(['boot.ts', 'index.html', 'app/routes/overview.tsx']);
const criticalBytes = [...critical].reduce((sum, file) => sum + gz(file), 0);

const { base, stop } = await startBuiltServer(5290);
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
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
  console.info(
    `critical JS for /: ${critical.size} files, ${kb(criticalBytes)} gzipped, ${criticalBytes.toLocaleString('en')} bytes (the target: under 120 KB, ${(120 * 1024).toLocaleString('en')} bytes)`,
  );
  console.info(`all JS fetched for / until idle: ${loaded.size} files, ${kb(loadedBytes)} gzipped`);
} finally {
  await browser.close();
  stop();
}
