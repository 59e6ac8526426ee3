import { apiActivity, demoLogin, expect, FAVOURITES_KEY, openOverview, test, visit } from './fixtures';
import { E2E } from './support/ports';

// The service worker is let in here only (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

test.describe('installable and offline (docs/offline.md)', () => {
  test('the web app manifest names the app, its start page and its icons, and every icon is there', async ({
    page,
    request,
  }) => {
    await visit(page, '/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = (await (await request.get(href ?? '')).json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: 'DiscoverLocal Limoux', short_name: 'DiscoverLocal', start_url: '/' });
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const response = await request.get(icon.src);
      expect(response.status(), icon.src).toBe(200);
      expect(response.headers()['content-type']).toBe('image/png');
    }
  });

  test('offline, the favourites and an activity opened before stay usable, with an honest notice', async ({
    page,
    context,
    request,
  }) => {
    const market = await apiActivity(request, 1);
    const opened = await apiActivity(request, 4);
    await openOverview(page);
    // The service worker has installed and precached this version of the app.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.getByRole('button', { name: `${market.name} bewaren als favoriet` }).click();
    await visit(page, `/activity/${opened.id}`);
    await expect(page.getByRole('heading', { level: 1, name: opened.name })).toBeVisible();
    // Controlled by the service worker from here on (the first page was loaded before it existed).
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await expect(page.getByRole('status').filter({ hasText: 'offline' })).toHaveCount(0);

    await context.setOffline(true);
    await page.goto('/favorieten');
    await expect(page.getByText('Je bent offline.', { exact: false })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Mijn favorieten' })).toBeVisible();
    await expect(page.getByRole('link', { name: market.name }).first()).toBeVisible();

    await page.goto(`/activity/${opened.id}`);
    await expect(page.getByRole('heading', { level: 1, name: opened.name })).toBeVisible();
    await expect(page.getByText(opened.description.slice(0, 40), { exact: false })).toBeVisible();
    await expect(page.getByText('Je bent offline.', { exact: false })).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByText('Je bent offline.', { exact: false })).toHaveCount(0);
  });
});

test.describe('a new version (docs/offline.md#pages-and-versions)', () => {
  // When the new worker does not take over, the poll's message says which worker was installing,
  // waiting and active, and each state the new worker went through, with the time since the test
  // asked for it (how a new worker left waiting was found: src/client/sw.ts).
  test('takes over at once: the page the old one controlled reloads once onto it, and the pages kept under the old one are dropped', async ({
    page,
    request,
  }) => {
    // Two installs of the worker, each precaching the whole app.
    test.setTimeout(180_000);
    const opened = await apiActivity(request, 4);
    await page.addInitScript(() => {
      const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
      navigator.serviceWorker.register = (url, options) =>
        register(
          sessionStorage.getItem('deployed') ? `/sw.js?version=${sessionStorage.getItem('deployed')}` : url,
          options,
        );
    });
    await openOverview(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Two pages opened under this worker, and kept.
    await visit(page, '/favorieten');
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await visit(page, `/activity/${opened.id}`);
    const keptPages = () =>
      page.evaluate(async () =>
        (await (await caches.open('dl-pages')).keys()).map((r) => new URL(r.url).pathname).sort(),
      );
    await expect.poll(keptPages).toEqual([`/activity/${opened.id}`, '/favorieten']);
    const controller = () => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(await controller()).toMatch(/\/sw\.js$/);

    // A new worker for the same scope, as a deploy brings. A browser fetches a worker's script
    // itself, out of the test's reach, so the same script under another address stands in for new
    // bytes; from the "deploy" on, the app's own registration asks for that address too (the init
    // script above), as it would find new bytes at its own.
    await page.evaluate(() => {
      sessionStorage.setItem('deployed', 'next');
      (window as Window & { oldVersion?: boolean }).oldVersion = true;
    });
    // The browser's own view of the workers (below: the old one stopped as the browser would).
    const devtools = await page.context().newCDPSession(page);
    const versions = new Map<string, { scriptURL: string; status: string }>();
    devtools.on('ServiceWorker.workerVersionUpdated', ({ versions: updated }) => {
      for (const version of updated) versions.set(version.versionId, version);
    });
    await devtools.send('ServiceWorker.enable');
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations++;
    });
    await page.evaluate(async () => {
      const started = performance.now();
      const states: string[] = [];
      Object.assign(window, { newWorkerStates: states });
      const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      const followed = new Set<ServiceWorker>();
      const follow = (worker: ServiceWorker | null) => {
        if (!worker || followed.has(worker)) return;
        followed.add(worker);
        const note = () => states.push(`${worker.state} at ${Math.round(performance.now() - started)} ms`);
        note();
        worker.addEventListener('statechange', note);
      };
      follow(registration.installing);
      registration.addEventListener('updatefound', () => follow(registration.installing));
    });
    // The new worker first precaches the whole app: on a loaded machine that takes more than the
    // default 15 s (once over 45 s in a full run). Waiting for it to be the active one first says,
    // when this fails, whether it never took over or took over without the page reloading.
    const workers = () =>
      page
        .evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration('/');
          const states = (window as Window & { newWorkerStates?: string[] }).newWorkerStates;
          return [
            `installing: ${registration?.installing?.scriptURL ?? 'none'}`,
            `waiting: ${registration?.waiting?.scriptURL ?? 'none'}`,
            `active: ${registration?.active?.scriptURL ?? 'none'}`,
            `the new worker was: ${states?.join(', ') ?? '(the page reloaded)'}`,
          ].join('\n');
        })
        // The page reloading as the new worker takes over: asked again on the next round.
        .catch(() => 'the page was reloading');
    // Chromium swaps in a new worker that asked to skip waiting once the old one has no event in
    // hand. Under Playwright, whose DevTools session is attached to every worker, the old worker is
    // never stopped as idle (both stayed running throughout), and the new one now and then waited
    // behind it for minutes: 1 run in 10 on a busy machine, each time active within 3 s of the old
    // one being stopped. So when the new worker still waits after 10 s, the test stops the old one,
    // as a browser stops an idle worker by itself. Stopping it does not activate a worker that never
    // asked to skip waiting: the page it controls keeps it (docs/offline.md#pages-and-versions).
    const deployed = Date.now();
    let stoppedOld = false;
    const takingOver = async () => {
      const seen = await workers();
      if (!stoppedOld && Date.now() - deployed > 10_000 && /^waiting: \S+\/sw\.js\?version=next$/m.test(seen)) {
        stoppedOld = true;
        const old = [...versions.entries()].find(([, v]) => v.status === 'activated' && v.scriptURL.endsWith('/sw.js'));
        if (old) await devtools.send('ServiceWorker.stopWorker', { versionId: old[0] });
      }
      return stoppedOld ? `${seen}\n(the old worker was stopped after 10 s)` : seen;
    };
    await expect
      .poll(takingOver, { timeout: 100_000, message: 'the new worker becomes the active one' })
      .toMatch(/^active: \S+\/sw\.js\?version=next$/m);
    await expect.poll(() => navigations, { message: 'the page reloads onto the new worker' }).toBe(1);
    await expect
      .poll(
        async () =>
          (await page.locator('html[data-ready]').count()) > 0 && (await controller())?.endsWith('/sw.js?version=next'),
      )
      .toBe(true);
    // Once: the page does not reload again.
    await page.waitForTimeout(1500);
    expect(navigations).toBe(1);

    // The page the old worker controlled is the new one's; the favourites page, kept under the old
    // worker, is gone, and the page loaded again is kept anew.
    expect(await page.evaluate(() => (window as Window & { oldVersion?: boolean }).oldVersion)).toBeUndefined();
    await expect(page.getByRole('heading', { level: 1, name: opened.name })).toBeVisible();
    await expect.poll(keptPages).toEqual([`/activity/${opened.id}`]);
  });
});

test.describe('a shared device (docs/offline.md#personal)', () => {
  test('keeps no private page and no address with a token; logout drops what personal a worker kept, and keeps the rest', async ({
    page,
    request,
  }) => {
    // Eight pages and a logout: more than the default minute on a busy machine.
    test.setTimeout(120_000);
    const market = await apiActivity(request, 1);
    const opened = await apiActivity(request, 4);
    await openOverview(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.getByRole('button', { name: `${market.name} bewaren als favoriet` }).click();
    await visit(page, '/favorieten');
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    // Logged in, the visitor opens their bookings and a booking mail's cancel link (the worker's
    // rule is about the address: whether the token is still good does not matter to it), then an
    // activity. Each was fetched through the worker.
    await demoLogin(page, 'visitor', E2E.appUrl);
    await visit(page, '/boekingen');
    await expect(page.getByRole('heading', { level: 1, name: 'Mijn boekingen' })).toBeVisible();
    const cancelLink = '/boekingen/1/annuleren?token=0123456789abcdef0123456789abcdef';
    await visit(page, cancelLink);
    await visit(page, `/activity/${opened.id}`);
    await expect(page.getByRole('heading', { level: 1, name: opened.name })).toBeVisible();

    const kept = (cache: string) =>
      page.evaluate(async (name) => {
        if (!(await caches.has(name))) return [];
        return (await (await caches.open(name)).keys()).map((r) => {
          const url = new URL(r.url);
          return `${url.pathname}${url.search}`;
        });
      }, cache);
    // The pages kept are the public ones; the answers kept are the public reads.
    await expect.poll(async () => (await kept('dl-pages')).sort()).toEqual([`/activity/${opened.id}`, '/favorieten']);
    const reads = await kept('dl-reads');
    // The favourite, fetched when it was saved.
    expect(reads.some((url) => url.startsWith(`/api/activities/${market.id}`))).toBe(true);
    expect(
      reads.filter((url) => !/^\/api\/(activities|tags|config|stats)\b/.test(url) || url.includes('token')),
    ).toEqual([]);
    // Offline, the cancel link gets the app's shell, which says it cannot show the booking.
    await page.context().setOffline(true);
    await page.goto(cancelLink);
    await expect(page.getByText('Je bent offline.', { exact: false })).toBeVisible();
    await page.context().setOffline(false);
    await visit(page, `/activity/${opened.id}`);

    // What an earlier worker kept (it kept every page it was shown), as a shared device may still hold.
    await page.evaluate(async () => {
      const old = (body: string) => new Response(body, { headers: { 'Content-Type': 'text/html' } });
      await (await caches.open('dl-pages')).put('/boekingen', old('my bookings'));
      await (await caches.open('dl-pages')).put('/boekingen/1/annuleren?token=kept-by-an-old-worker', old('cancel'));
      await (await caches.open('dl-reads')).put('/api/bookings/mine', Response.json([{ id: 1 }]));
    });

    await page.getByRole('button', { name: /^Accountmenu/ }).click();
    await page.getByRole('menuitem', { name: 'Uitloggen' }).click();
    await expect(page.getByRole('link', { name: 'Inloggen' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Accountmenu/ })).toHaveCount(0);

    // Nothing personal is left; what is the same for everyone stays for use offline, and so do the
    // favourites: they are the device's, not the account's.
    const pagesLeft = await kept('dl-pages');
    expect(pagesLeft.filter((url) => url.startsWith('/boekingen'))).toEqual([]);
    expect(pagesLeft).toEqual(expect.arrayContaining([`/activity/${opened.id}`, '/favorieten']));
    expect(await kept('dl-reads')).not.toContain('/api/bookings/mine');
    expect((await kept('dl-reads')).some((url) => url.startsWith(`/api/activities/${market.id}`))).toBe(true);
    expect(await page.evaluate((key) => localStorage.getItem(key), FAVOURITES_KEY)).toBe(JSON.stringify([market.id]));
  });
});
