import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createInstance } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { FavouritesProvider } from '../features/favourites/favourites-provider';
import { NAMESPACES } from '../i18n';
import { createQueryClient } from '../lib/query-client';

const locales = import.meta.glob<{ default: Record<string, unknown> }>('../i18n/locales/*/*.json', { eager: true });

/** An i18next instance with every real translation loaded up front (no Suspense in tests). */
export function createTestI18n(lng = 'nl') {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [file, module] of Object.entries(locales)) {
    const [, language, namespace] = /locales\/(\w+)\/(\w+)\.json$/.exec(file) ?? [];
    if (!language || !namespace) continue;
    resources[language] ??= {};
    resources[language][namespace] = module.default;
  }
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}

/** Renders with the app's providers: translations, queries, favourites and a router. */
export function renderWithProviders(ui: ReactElement, { route = '/', lng = 'nl' } = {}) {
  const queryClient = createQueryClient();
  const i18n = createTestI18n(lng);
  const result = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <FavouritesProvider>
          <Router {...memoryLocation({ path: route })}>{ui}</Router>
        </FavouritesProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...result, queryClient, i18n };
}

/** A fetch stand-in answering JSON by path; records every call. */
export function fakeFetch(routes: Record<string, unknown | ((url: URL) => unknown)>) {
  const calls: URL[] = [];
  const fetchMock = async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url);
    const handler = routes[url.pathname];
    if (handler === undefined) return new Response('{"message":"Not found"}', { status: 404, statusText: 'Not Found' });
    const body = typeof handler === 'function' ? (handler as (u: URL) => unknown)(url) : handler;
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
  return { fetchMock, calls };
}

/**
 * A fetch stand-in for one paged list (docs/api.md#lists-in-pages): answers `limit`/`offset` of
 * what `items(url)` gives, with `X-Total-Count`; `fail(url)` makes that request a 503. Records
 * every call.
 */
export function pagedFetch<T>(
  path: string,
  items: (url: URL) => T[],
  { fail = () => false }: { fail?: (url: URL) => boolean } = {},
) {
  const calls: URL[] = [];
  const fetchMock = async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url);
    if (url.pathname !== path) return new Response('{"message":"Not found"}', { status: 404 });
    if (fail(url)) return new Response('{"message":"Down","code":"SERVICE_UNAVAILABLE"}', { status: 503 });
    const all = items(url);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 50);
    return new Response(JSON.stringify(all.slice(offset, offset + limit)), {
      status: 200,
      headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(all.length) },
    });
  };
  return { fetchMock, calls };
}
