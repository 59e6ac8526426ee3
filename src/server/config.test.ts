import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, describeValue, loadConfig, PROJECT_ROOT, parseTrustProxy } from './config.js';
import { startedClock } from './deps.js';
import { freePort } from './test/free-port.js';

describe('loadConfig', () => {
  it('has the documented defaults: production, on this machine only, with the demo logins of a local run', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ env: 'production', port: 5000, host: 'localhost', seed: 'demo', logLevel: 'info' });
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.resolve('./data/pglite') });
    expect(config.auth).toMatchObject({ publicUrl: 'http://localhost:5000', demoLogin: true, secureCookies: false });
    expect(config.trustProxy).toBe(false);
    expect(config.serviceArea).toEqual({ center: { lat: 43.0547, lon: 2.2186 }, radiusKm: 80 });
  });

  it('reads the DATAtourisme flux URL and the upload limit once (docs/datatourisme.md#the-daily-import)', () => {
    expect(loadConfig({}).imports).toEqual({
      feedUrl: null,
      uploadMaxBytes: 500 * 1024 * 1024,
      allowPrivatePhotos: false,
      privatePhotoOrigins: [],
    });
    expect(
      loadConfig({ DATATOURISME_FEED_URL: 'https://diffuseur.datatourisme.fr/flux/1/zip', IMPORT_UPLOAD_MAX_MB: '20' })
        .imports,
    ).toMatchObject({ feedUrl: 'https://diffuseur.datatourisme.fr/flux/1/zip', uploadMaxBytes: 20 * 1024 * 1024 });
    expect(loadConfig({ NODE_ENV: 'test' }).imports.allowPrivatePhotos).toBe(true);
    expect(() => loadConfig({ DATATOURISME_FEED_URL: 'ftp://example.org/flux.zip' })).toThrow(/DATATOURISME_FEED_URL/);
    expect(() => loadConfig({ DATATOURISME_FEED_URL: 'not a url' })).toThrow(/DATATOURISME_FEED_URL/);
    expect(() => loadConfig({ IMPORT_UPLOAD_MAX_MB: '0' })).toThrow(/IMPORT_UPLOAD_MAX_MB/);
  });

  it('reads the origins whose photos may come from a private address, origins only (docs/datatourisme.md#photos)', () => {
    const origins = (value: string) => loadConfig({ IMPORT_PHOTO_PRIVATE_ORIGINS: value }).imports.privatePhotoOrigins;
    expect(loadConfig({ IMPORT_PHOTO_PRIVATE_ORIGINS: '' }).imports.privatePhotoOrigins).toEqual([]);
    expect(origins('http://127.0.0.1:5410')).toEqual(['http://127.0.0.1:5410']);
    // Written as URL.origin writes it: a trailing slash, a default port and capitals make no other origin.
    expect(origins(' http://127.0.0.1:5410/ , https://Photos.Example:443,http://[::1]:8080 ')).toEqual([
      'http://127.0.0.1:5410',
      'https://photos.example',
      'http://[::1]:8080',
    ]);
    // Anything more or other than an origin stops the server, naming the variable.
    for (const bad of [
      'http://127.0.0.1:5410/photos',
      'http://127.0.0.1:5410/?x=1',
      'http://127.0.0.1:5410#top',
      'http://user@127.0.0.1:5410',
      'ftp://127.0.0.1:21',
      '127.0.0.1:5410',
      'http://127.0.0.1:5410, *',
    ]) {
      expect(() => loadConfig({ IMPORT_PHOTO_PRIVATE_ORIGINS: bad }), bad).toThrow(/IMPORT_PHOTO_PRIVATE_ORIGINS/);
    }
  });

  it('reads the database target from DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'memory://' }).database).toEqual({ kind: 'pglite', dataDir: null });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h:5432/db',
    });
    expect(loadConfig({ DATABASE_URL: '', DATA_DIR: '/tmp/x' }).database).toEqual({
      kind: 'pglite',
      dataDir: '/tmp/x/pglite',
    });
  });

  it('makes cookies Secure whenever the app is reached over https', () => {
    const secret = { SESSION_SECRET: 'x'.repeat(32) };
    expect(loadConfig({ ...secret, PUBLIC_URL: 'https://discoverlocal.eu' }).auth.secureCookies).toBe(true);
    expect(loadConfig({ ...secret, PUBLIC_URL: 'http://127.0.0.1:5199' }).auth.secureCookies).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).auth.secureCookies).toBe(false);
  });

  it('turns the demo logins on only where asked, or for a run only this machine can reach', () => {
    const site = { PUBLIC_URL: 'https://discoverlocal.eu', SESSION_SECRET: 'x'.repeat(32) };
    expect(loadConfig(site).auth.demoLogin).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', ...site }).auth.demoLogin).toBe(false);
    // Local URL, but listening on every interface: reachable from the network, so not without asking.
    expect(loadConfig({ HOST: '0.0.0.0' }).auth.demoLogin).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0', DEMO_LOGIN: 'true', DEMO_LOGIN_ON_PUBLIC_URL: 'true' }).auth.demoLogin).toBe(
      true,
    );
    expect(loadConfig({ HOST: '::1', DEMO_LOGIN: 'true' }).auth.demoLogin).toBe(true);
    expect(loadConfig({ HOST: '127.0.0.1', PUBLIC_URL: 'http://127.0.0.1:5199' }).auth.demoLogin).toBe(true);
    expect(loadConfig({ DEMO_LOGIN: 'false' }).auth.demoLogin).toBe(false);
    // A deployment listens everywhere by default.
    expect(loadConfig(site).host).toBe('0.0.0.0');
  });

  it('refuses to start with the demo logins on a public address unless that is forced', () => {
    const site = { PUBLIC_URL: 'https://discoverlocal.eu', SESSION_SECRET: 'x'.repeat(32), DEMO_LOGIN: 'true' };
    expect(() => loadConfig(site)).toThrow(/DEMO_LOGIN=true: the demo logins hand anyone an admin session/);
    expect(() => loadConfig(site)).toThrow(/DEMO_LOGIN_ON_PUBLIC_URL=true/);
    expect(loadConfig({ ...site, DEMO_LOGIN_ON_PUBLIC_URL: 'true' }).auth.demoLogin).toBe(true);
  });

  it('refuses to start with the demo logins on while listening on every interface, even with a local PUBLIC_URL', () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20']) {
      expect(() => loadConfig({ HOST, DEMO_LOGIN: 'true' }), HOST).toThrow(
        new RegExp(
          `DEMO_LOGIN=true: the demo logins hand anyone an admin session, and HOST="${HOST}" listens for other machines`,
        ),
      );
    }
  });

  it('counts as this machine only localhost, 127.0.0.0/8 and ::1 written as addresses, never a DNS name that looks like one', () => {
    const oidc = { OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's' };
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' };
    for (const host of ['localhost', '127.0.0.1', '127.8.9.10', '[::1]', '[0:0:0:0:0:0:0:1]', '[::ffff:127.0.0.1]']) {
      const url = `http://${host}:5203`;
      expect(loadConfig({ PUBLIC_URL: url }).auth.demoLogin, url).toBe(true);
      expect(loadConfig({ ...oidc, OIDC_ISSUER_URL: url }).auth.oidc, url).not.toBeNull();
      expect(loadConfig({ ...stripe, STRIPE_API_URL: url }).payments, url).not.toBeNull();
    }
    // Names anyone can point anywhere (127.0.0.1.nip.io resolves to whatever its owner says).
    for (const host of ['127.0.0.1.nip.io', '127.attacker.example', 'app.localhost', '[::2]', '128.0.0.1']) {
      const url = `http://${host}:5203`;
      expect(() => loadConfig({ PUBLIC_URL: url }), url).toThrow(/SESSION_SECRET: required in production/);
      const secret = { SESSION_SECRET: 'x'.repeat(32), NODE_ENV: 'development' };
      expect(loadConfig({ ...secret, PUBLIC_URL: url }).auth.demoLogin, url).toBe(false);
      expect(loadConfig({ ...secret, PUBLIC_URL: url }).host, url).toBe('0.0.0.0');
      expect(() => loadConfig({ ...secret, PUBLIC_URL: url, DEMO_LOGIN: 'true' }), url).toThrow(
        /DEMO_LOGIN_ON_PUBLIC_URL=true/,
      );
      expect(() => loadConfig({ ...oidc, OIDC_ISSUER_URL: url }), url).toThrow(/OIDC_ISSUER_URL=.*must be an https/);
      expect(() => loadConfig({ ...stripe, STRIPE_API_URL: url }), url).toThrow(/STRIPE_API_URL=.*must be an https/);
    }
    // HOST as a name that looks local is no loopback either: the demo logins stay off.
    expect(loadConfig({ HOST: '127.0.0.1.nip.io' }).auth.demoLogin).toBe(false);
  });

  it('needs a session secret and https in production once the app is public, and all three OIDC settings or none', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://discoverlocal.eu' })).toThrow(
      /SESSION_SECRET: required in production/,
    );
    expect(() => loadConfig({ PUBLIC_URL: 'http://discoverlocal.eu', SESSION_SECRET: 'x'.repeat(32) })).toThrow(
      /PUBLIC_URL="http:\/\/discoverlocal.eu": must be https/,
    );
    // A laptop run keeps a generated secret under DATA_DIR.
    expect(loadConfig({}).auth.sessionSecret).toBeUndefined();
    expect(() => loadConfig({ OIDC_ISSUER_URL: 'https://id.example' })).toThrow(/set all three or none/);
  });

  it('accepts a plain-http identity provider only on this machine', () => {
    const oidc = { OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's' };
    expect(() => loadConfig({ ...oidc, OIDC_ISSUER_URL: 'http://id.example.org' })).toThrow(
      /OIDC_ISSUER_URL=.*must be an https:\/\/ URL/,
    );
    expect(loadConfig({ ...oidc, OIDC_ISSUER_URL: 'http://127.0.0.1:5203' }).auth.oidc?.issuerUrl).toBe(
      'http://127.0.0.1:5203',
    );
    expect(loadConfig({ ...oidc, OIDC_ISSUER_URL: 'https://id.example.org' }).auth.oidc).not.toBeNull();
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 2001:db8::/32,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '2001:db8::/32',
      'loopback',
    ]);
    for (const bad of ['true', '0', '11', '10.0.0.0/33', 'proxy.example', '10.0.0.1/8/8']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY=/);
    }
    expect(parseTrustProxy('  2 ')).toBe(2);
  });

  it('takes online payment with the Stripe key and webhook secret together, from Stripe or a stand-in on this machine', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' };
    expect(loadConfig({}).payments).toBeNull();
    expect(loadConfig(stripe).payments).toEqual({
      secretKey: 'sk_test_abc123',
      webhookSecret: 'whsec_abc123',
      apiUrl: 'https://api.stripe.com',
    });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc123' })).toThrow(/set both .* or none/);
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_abc123' })).toThrow(/set both .* or none/);
    expect(() => loadConfig({ ...stripe, STRIPE_API_URL: 'http://stripe.example.org' })).toThrow(
      /STRIPE_API_URL=.*must be an https:\/\/ URL/,
    );
    expect(loadConfig({ ...stripe, STRIPE_API_URL: 'http://127.0.0.1:5206/' }).payments?.apiUrl).toBe(
      'http://127.0.0.1:5206',
    );
    const wrongKey = (() => {
      try {
        loadConfig({ ...stripe, STRIPE_SECRET_KEY: 'pk_live_publishable-not-secret' });
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    expect(wrongKey).toContain('STRIPE_SECRET_KEY=(hidden, 30 characters): must be a Stripe secret key');
    expect(wrongKey).not.toContain('publishable');
  });

  it('never writes a secret into its error message', () => {
    const short = 'hunter2-is-my-session-secret';
    const secretError = (() => {
      try {
        loadConfig({ SESSION_SECRET: short });
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    expect(secretError).toContain('SESSION_SECRET=(hidden, 28 characters): must be at least 32 characters');
    expect(secretError).not.toContain(short);
    const urlError = (() => {
      try {
        loadConfig({ DATABASE_URL: 'mysql://admin:s3cr3t-pw@db.example:3306/x' });
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    expect(urlError).toContain('DATABASE_URL="mysql://admin:***@db.example:3306/x"');
    expect(urlError).not.toContain('s3cr3t-pw');
    expect(() => loadConfig({ REDIS_URL: 'http://:r3dis-pw@cache.example:6379' })).toThrow(
      'REDIS_URL="http://:***@cache.example:6379/": must be a redis:// or rediss:// URL',
    );
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(describeValue('DATABASE_URL', 'not a url with p4ss')).toBe('(hidden: not a URL)');
    expect(describeValue('OIDC_CLIENT_SECRET', 'abc')).toBe('(hidden, 3 characters)');
  });

  it('identifies the server to Nominatim with the site and, when set, the contact e-mail', () => {
    expect(loadConfig({}).outside.nominatimUserAgent).toBe('DiscoverLocal/0.1 (+http://localhost:5000)');
    expect(
      loadConfig({
        NODE_ENV: 'development',
        PUBLIC_URL: 'https://discoverlocal.example/',
        CONTACT_EMAIL: 'team@example.org',
      }).outside.nominatimUserAgent,
    ).toBe('DiscoverLocal/0.1 (+https://discoverlocal.example; team@example.org)');
    expect(loadConfig({ NOMINATIM_USER_AGENT: 'Mine/1 (me@example.org)' }).outside.nominatimUserAgent).toBe(
      'Mine/1 (me@example.org)',
    );
  });

  it('accepts .env.example as it stands, empty lines meaning unset', () => {
    const example = readFileSync(path.join(PROJECT_ROOT, '.env.example'), 'utf8');
    const env = Object.fromEntries(
      example
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(Object.keys(env).length).toBeGreaterThan(20);
    const config = loadConfig(env);
    expect(config.port).toBe(5000);
    expect(config.auth.oidc).toBeNull();
    expect(config.contact).toEqual({ email: null, phone: null });
  });

  it('reads the footer contact, each part only when set', () => {
    expect(loadConfig({}).contact).toEqual({ email: null, phone: null });
    expect(loadConfig({ CONTACT_EMAIL: ' ', CONTACT_PHONE: '' }).contact).toEqual({ email: null, phone: null });
    expect(loadConfig({ CONTACT_EMAIL: 'team@example.org', CONTACT_PHONE: '+33 4 68 00 11 22' }).contact).toEqual({
      email: 'team@example.org',
      phone: '+33 4 68 00 11 22',
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['NODE_ENV', 'staging'],
    ['LOG_LEVEL', 'loud'],
    ['SEED', 'all'],
    ['DATABASE_URL', 'mysql://x'],
    ['CONTACT_EMAIL', 'hallo at discoverlocal'],
    ['CONTACT_PHONE', 'call us'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}=`));
  });
});

/** The server as `npm start` runs it (from source here); `undefined` removes a variable. */
function runServer(env: Record<string, string | undefined>) {
  const merged: Record<string, string | undefined> = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env };
  // Says, as the process ends, the mode the libraries it loaded saw.
  const modeAtExit = `data:text/javascript,process.on('exit',()=>console.log('NODE_ENV at exit: '+process.env.NODE_ENV))`;
  const child = spawn(
    process.execPath,
    ['--import', modeAtExit, '--import', 'tsx', path.join(PROJECT_ROOT, 'src/server/server.ts')],
    {
      env: Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined)) as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/**
 * Waits for `/api/ready`, up to 45 s: a start-up with the demo seed and the read model takes a few seconds alone,
 * far longer beside the other test workers on a two-core machine. Stops early when the server has exited, and
 * fails with what the server printed, so a start-up error is not mistaken for slowness.
 */
async function waitUntilReady(port: number, server: ReturnType<typeof runServer>) {
  let exited = false;
  void server.exited.then(() => (exited = true));
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline && !exited) {
    await new Promise((r) => setTimeout(r, 200));
    if (
      await fetch(`http://127.0.0.1:${port}/api/ready`, { signal: AbortSignal.timeout(5_000) }).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
  }
  throw new Error(`the server did not become ready (${exited ? 'it exited' : 'after 45 s'}):\n${server.output()}`);
}

describe('server start-up and shutdown', { timeout: 60_000 }, () => {
  it('runs in production mode unless told otherwise: no demo login on a public address', async () => {
    const port = await freePort();
    const server = runServer({
      NODE_ENV: undefined,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://discoverlocal.example',
      SESSION_SECRET: 'y'.repeat(40),
      DATABASE_URL: 'memory://',
      SEED: 'demo',
    });
    try {
      await waitUntilReady(port, server);
      const demo = await fetch(`http://127.0.0.1:${port}/api/demo/login/admin`, { method: 'POST' });
      expect(demo.status).toBe(404);
      expect(server.output()).toContain('TRUST_PROXY is not set');
      // sharp's libvips is mapped only once a picture is made (docs/deployment.md#memory).
      const libvips = async () => (await readFile(`/proc/${server.child.pid}/maps`, 'utf8')).includes('libvips');
      if (process.platform === 'linux') expect(await libvips()).toBe(false);
      const picture = await fetch(`http://127.0.0.1:${port}/images/share/site.png`);
      expect(picture.status).toBe(200);
      expect(picture.headers.get('content-type')).toBe('image/png');
      if (process.platform === 'linux') expect(await libvips()).toBe(true);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    // The libraries too (React's server renderer picks its build by it).
    expect(server.output()).toContain('NODE_ENV at exit: production');
  });

  it('refuses to start with the demo logins on a public address, naming the way to force it', async () => {
    const server = runServer({
      NODE_ENV: undefined,
      PUBLIC_URL: 'https://discoverlocal.example',
      SESSION_SECRET: 'y'.repeat(40),
      DEMO_LOGIN: 'true',
      DATABASE_URL: 'memory://',
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('DEMO_LOGIN_ON_PUBLIC_URL=true');
  });

  it('gives a first run on a laptop the demo portal: local only, with the demo logins on', async () => {
    const port = await freePort();
    const server = runServer({
      NODE_ENV: undefined,
      PORT: String(port),
      HOST: undefined,
      PUBLIC_URL: undefined,
      DATABASE_URL: 'memory://',
      SEED: 'demo',
    });
    try {
      await waitUntilReady(port, server);
      const demo = await fetch(`http://127.0.0.1:${port}/api/demo/login/admin`, {
        method: 'POST',
        headers: { origin: `http://localhost:${port}` },
      });
      expect(demo.status).toBe(200);
      expect(server.output()).toContain('demo login is on');
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  it('stops at start-up with a message naming a wrong variable', async () => {
    const server = runServer({ PORT: 'not-a-port' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT="not-a-port"');
  });

  it('serves, then closes the server and the database on SIGTERM', async () => {
    const port = await freePort();
    const server = runServer({ PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: 'memory://', SEED: 'none' });
    await waitUntilReady(port, server);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
  });
});

describe('CLOCK_START (docs/when.md#a-clock-for-tests-and-demos)', () => {
  it('is off unless set, and takes an ISO instant with its offset', () => {
    expect(loadConfig({}).clockStart).toBeNull();
    expect(loadConfig({ CLOCK_START: '2027-07-09T10:00:00+02:00' }).clockStart?.toISOString()).toBe(
      '2027-07-09T08:00:00.000Z',
    );
  });

  it.each(['tomorrow', '2027-07-09', '2027-07-09T10:00:00'])('refuses %s, naming the variable', (value) => {
    expect(() => loadConfig({ CLOCK_START: value })).toThrow(/CLOCK_START="[^"]*": must be an ISO instant/);
  });

  it('starts the clock there and lets it run on', async () => {
    const clock = startedClock(new Date('2027-07-09T08:00:00Z'));
    const first = clock.now().getTime();
    expect(Math.abs(first - Date.parse('2027-07-09T08:00:00Z'))).toBeLessThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(clock.now().getTime()).toBeGreaterThan(first);
  });
});
