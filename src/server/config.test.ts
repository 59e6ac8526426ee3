import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, PROJECT_ROOT } from './config.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ env: 'development', port: 5000, host: '0.0.0.0', seed: 'demo', logLevel: 'info' });
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.resolve('./data/pglite') });
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

  it('makes cookies Secure in production, except for a local http run', () => {
    const secret = { SESSION_SECRET: 'x'.repeat(32) };
    expect(
      loadConfig({ NODE_ENV: 'production', ...secret, PUBLIC_URL: 'https://discoverlocal.eu' }).auth.secureCookies,
    ).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', ...secret }).auth.secureCookies).toBe(true);
    expect(
      loadConfig({ NODE_ENV: 'production', ...secret, PUBLIC_URL: 'http://127.0.0.1:5199' }).auth.secureCookies,
    ).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).auth.secureCookies).toBe(false);
  });

  it('needs a session secret in production, and all three OIDC settings or none', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: required in production/);
    expect(() => loadConfig({ OIDC_ISSUER_URL: 'https://id.example' })).toThrow(/set all three or none/);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }).auth.demoLogin).toBe(false);
    expect(loadConfig({}).auth.demoLogin).toBe(true);
  });

  it('identifies the server to Nominatim with the site and, when set, the contact e-mail', () => {
    expect(loadConfig({}).outside.nominatimUserAgent).toBe('DiscoverLocal/0.1 (+http://localhost:5000)');
    expect(
      loadConfig({ PUBLIC_URL: 'https://discoverlocal.example/', CONTACT_EMAIL: 'team@example.org' }).outside
        .nominatimUserAgent,
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

function runServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'src/server/server.ts')], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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

describe('server start-up and shutdown', () => {
  it('stops at start-up with a message naming a wrong variable', async () => {
    const server = runServer({ PORT: 'not-a-port' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT="not-a-port"');
  });

  it('serves, then closes the server and the database on SIGTERM', async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const server = runServer({ PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: 'memory://', SEED: 'none' });
    let ready = false;
    for (let i = 0; i < 100 && !ready; i++) {
      await new Promise((r) => setTimeout(r, 200));
      ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
        (r) => r.ok,
        () => false,
      );
    }
    expect(ready).toBe(true);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
  });
});
