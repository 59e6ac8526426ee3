import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createActivity } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';
import { ownBytes } from './answers.js';

/** Kept answers (docs/read-model.md#http-caching), as a client sees them. */

const lines: string[] = [];
const ctx = useTestApp(() => ({
  // Every request logged, so that the kept answers' lines can be seen.
  env: { LOG_LEVEL: 'debug' },
  deps: { logStream: { write: (line: string) => void lines.push(line) } },
}));

/** The headers of an answer, but those that differ between any two answers (their id and date). */
const lasting = (headers: Record<string, unknown>) => {
  const { 'x-request-id': id, date: _date, connection: _c, ...rest } = headers;
  expect(String(id)).toMatch(/^[0-9a-f-]{36}$/);
  return rest;
};

describe('a kept answer', () => {
  it('is the answer the handler made, with the same headers, sent straight to a client with no cookie', async () => {
    for (let i = 0; i < 14; i++) await createActivity(ctx.db, { name: `Kept ${i}` });
    const url = '/api/activities?limit=12&lng=en';
    const made = await ctx.app.inject({ method: 'GET', url });
    expect(made.statusCode).toBe(200);
    expect(made.headers['x-total-count']).toBe('14');
    expect(made.headers.link).toContain('offset=12');
    expect(made.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");

    const kept = await ctx.app.inject({ method: 'GET', url });
    expect(kept.statusCode).toBe(200);
    expect(kept.body).toBe(made.body);
    expect(lasting(kept.headers)).toEqual(lasting(made.headers));
    expect(kept.headers['x-request-id']).not.toBe(made.headers['x-request-id']);
    // Its request is logged as any other (the onResponse hooks still run).
    const logged = lines.map((l) => JSON.parse(l) as { reqId?: string; msg?: string });
    expect(logged.some((l) => l.reqId === kept.headers['x-request-id'] && l.msg === 'request completed')).toBe(true);

    // A client that takes gzip gets the same bytes compressed, said so.
    const zipped = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(Number(zipped.headers['content-length'])).toBe(zipped.rawPayload.length);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(made.body);

    // One that has it gets a 304 and no body; a HEAD the headers and no body.
    const unchanged = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': made.headers.etag } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(made.headers.etag);
    expect(unchanged.headers['content-security-policy']).toBe(made.headers['content-security-policy']);
    const head = await ctx.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.etag).toBe(made.headers.etag);

    // With a cookie it goes through Fastify as before: the same answer.
    const withCookie = await ctx.app.inject({ method: 'GET', url, headers: { cookie: 'theme=dark' } });
    expect(withCookie.body).toBe(made.body);
    expect(lasting(withCookie.headers)).toEqual(lasting(made.headers));
  });
});

describe('the bytes of a kept answer', () => {
  it('hold no more memory than their length, though a small Buffer.from and zlib give views of more', () => {
    const json = Buffer.from(JSON.stringify({ id: 1, name: 'Marché de Limoux' }));
    const brotli = brotliCompressSync(Buffer.from('{"name":"Limoux"},'.repeat(200)));
    const gzip = gzipSync(Buffer.from('{"name":"Limoux"},'.repeat(200)));
    for (const bytes of [json, brotli, gzip]) {
      // What the cache was given before: the pool's 8 kB, zlib's 16 kB output chunk.
      expect(bytes.buffer.byteLength).toBeGreaterThan(bytes.length);
      const own = ownBytes(bytes);
      expect(own.buffer.byteLength).toBe(bytes.length);
      expect(own.equals(bytes)).toBe(true);
    }
    const whole = Buffer.allocUnsafeSlow(64);
    expect(ownBytes(whole)).toBe(whole);
  });
});
