import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, apiUrl } from './api-client';

afterEach(() => vi.unstubAllGlobals());

describe('apiUrl', () => {
  it('leaves out empty values and joins lists with commas', () => {
    expect(
      apiUrl('/activities', { category: 'sport', search: '', minPrice: undefined, tags: ['a', 'b'], bookable: true }),
    ).toBe('/api/activities?category=sport&tags=a%2Cb&bookable=true');
    expect(apiUrl('/stats')).toBe('/api/stats');
  });
});

describe('api', () => {
  it('answers the JSON of a 2xx, sending credentials', async () => {
    const fetchMock = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api('/health')).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/health',
      expect.objectContaining({ credentials: 'include', method: 'GET' }),
    );
  });

  it('turns a non-2xx answer into "<status>: <body>" with the status and code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"Activity not found","code":"ACTIVITY_NOT_FOUND"}', { status: 404 })),
    );
    const error = await api('/activities/9').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('404: {"message":"Activity not found","code":"ACTIVITY_NOT_FOUND"}');
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).code).toBe('ACTIVITY_NOT_FOUND');
  });

  it('uses the status text when the body is empty', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 503, statusText: 'Service Unavailable' })),
    );
    await expect(api('/ready')).rejects.toThrow('503: Service Unavailable');
  });

  it('sends a JSON body for writes', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    await api('/things', { method: 'POST', body: { a: 1 } });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/things',
      expect.objectContaining({
        method: 'POST',
        body: '{"a":1}',
        headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
      }),
    );
  });
});
