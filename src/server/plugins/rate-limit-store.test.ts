import { expect, it } from 'vitest';
import { sameOrigin } from '../test/sessions.js';
import { useTestApp } from '../test/test-app.js';

/**
 * With REDIS_URL set and Redis out of reach, the limiter lets requests
 * through at once instead of failing them or making them wait for Redis
 * (docs/security.md#rate-limits-and-outside-services). Port 9 (discard) has
 * no server on this machine, so every connection is refused.
 */
const ctx = useTestApp(() => ({ env: { REDIS_URL: 'redis://127.0.0.1:9' } }));

it('lets a limited request through within a second when Redis cannot be reached', async () => {
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/demo/login/visitor',
      headers: sameOrigin,
      remoteAddress: '10.79.0.1',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(performance.now() - started).toBeLessThan(1000);
  }
});
