import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.js';
import { clientRequestId, redactUrl } from './log-redaction.js';

const lines: string[] = [];
const ctx = useTestApp(() => ({
  env: { LOG_LEVEL: 'info' },
  deps: { logStream: { write: (line: string) => void lines.push(line) } },
}));

describe('request logs', () => {
  it('blank the login code and state, and round positions to about a kilometre', () => {
    expect(redactUrl('/api/callback?code=abc123&state=xyz&iss=https%3A%2F%2Fid')).toBe(
      '/api/callback?code=%5Bredacted%5D&state=%5Bredacted%5D&iss=https%3A%2F%2Fid',
    );
    expect(redactUrl('/api/weather?lat=43.054712&lon=2.218634&lng=nl')).toBe('/api/weather?lat=43.05&lon=2.22&lng=nl');
    expect(redactUrl('/api/activities?lat=x')).toBe('/api/activities?lat=%5Binvalid%5D');
    expect(redactUrl('/api/activities')).toBe('/api/activities');
  });

  it('never carry an OpenID Connect code or a precise position', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/callback?code=SECRET-CODE-42&state=STATE-99' });
    // A refused read is logged at info (one that went well only at debug).
    await ctx.app.inject({ method: 'GET', url: '/api/activities?lat=43.054712&lon=2.218634&limit=0' });
    const log = lines.join('');
    expect(log).toContain('/api/callback?code=%5Bredacted%5D');
    expect(log).toContain('lat=43.05&lon=2.22');
    expect(log).not.toContain('SECRET-CODE-42');
    expect(log).not.toContain('STATE-99');
    expect(log).not.toContain('43.054712');
    expect(log).not.toContain('2.218634');
  });
});

describe('request ids (docs/security.md#logs)', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it("makes its own id for every request and logs a client's X-Request-Id beside it, cleaned and bounded", async () => {
    const sent = `client-7\u001b[2J${'x'.repeat(300)}`;
    const res = await ctx.app.inject({ method: 'GET', url: '/api/no-such-route', headers: { 'x-request-id': sent } });
    const id = String(res.headers['x-request-id']);
    expect(id).toMatch(UUID);
    const line = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((entry) => entry.reqId === id);
    expect(line).toBeDefined();
    expect(line?.clientRequestId).toBe(`client-7[2J${'x'.repeat(89)}`);
    expect(String(line?.clientRequestId)).toHaveLength(100);

    // Two requests claiming one id stay two requests.
    const again = await ctx.app.inject({ method: 'GET', url: '/api/no-such-route', headers: { 'x-request-id': id } });
    expect(again.headers['x-request-id']).toMatch(UUID);
    expect(again.headers['x-request-id']).not.toBe(id);
  });

  it('cleans what a client sends as its id', () => {
    expect(clientRequestId(undefined)).toBeUndefined();
    expect(clientRequestId('\u0000\u0007 ')).toBeUndefined();
    expect(clientRequestId(['a', 'b\r\nFAKE: 1'])).toBe('a, bFAKE: 1');
    expect(clientRequestId('é'.repeat(150))).toBe('é'.repeat(100));
  });
});
