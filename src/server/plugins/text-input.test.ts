import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tags } from '../db/schema/index.js';
import { createUser } from '../test/factories.js';
import { getJson } from '../test/http.js';
import { sameOrigin, sessionCookieFor } from '../test/sessions.js';
import { useTestApp } from '../test/test-app.js';
import { nulCharacterAt } from './text-input.js';

const ctx = useTestApp();

describe('a NUL character in a request (docs/api.md#errors)', () => {
  it('is found wherever it hides, and nothing else is', () => {
    expect(nulCharacterAt({ name: 'ok', translations: { en: { name: 'a\u0000b' } } })).toBe('translations.en.name');
    expect(nulCharacterAt(['x', 'y\u0000'])).toBe('1');
    expect(nulCharacterAt({ 'bad\u0000key': 1 })).toBe('key');
    expect(nulCharacterAt({ name: 'Château d’Arques 💥', list: [1, null, true] })).toBeNull();
  });

  it('is a 400 that names the field, and writes nothing', async () => {
    const visitor = await createUser(ctx.db, { role: 'visitor', roleChosenAt: new Date() });
    const cookie = await sessionCookieFor(ctx.db, visitor.id);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/tags',
      headers: { cookie, ...sameOrigin },
      payload: { name: 'wijn', description: '\u0000' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'description', message: 'description must not contain a NUL character' }],
    });
    expect(await ctx.db.select().from(tags).where(eq(tags.name, 'wijn'))).toEqual([]);
  });

  it('comes after the access check: an anonymous caller learns to log in first', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/tags', payload: { name: 'a\u0000' } });
    expect(res.statusCode).toBe(401);
  });

  it('is refused in a query and a path as well', async () => {
    expect((await getJson(ctx.app, '/api/activities?search=a%00b')).status).toBe(400);
    expect((await getJson(ctx.app, '/api/search/suggestions?q=ma%00')).status).toBe(400);
    const res = await getJson<{ code: string }>(ctx.app, '/api/activities/1%00');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });
});
