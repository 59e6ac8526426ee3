import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.js';

/**
 * What the router refuses before any route runs still answers in the API's error shape
 * (docs/api.md#errors): a path segment longer than it takes (100 characters), a broken escape.
 */
const ctx = useTestApp();

describe('a URL the router cannot take', () => {
  it('is a 414 in the API’s error shape when a path segment is over 100 characters', async () => {
    const res = await ctx.app.inject({ url: `/api/uploads/${'x'.repeat(101)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ code: 'BAD_REQUEST', message: expect.stringContaining('max param length') });
  });

  it('is a 400 in the API’s error shape when an escape is broken', async () => {
    const res = await ctx.app.inject({ url: '/api/activities/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'BAD_REQUEST', message: expect.stringContaining('not a valid url') });
  });
});
