/// <reference types="node" />
// The server's page renderer (docs/rendering.md): the app's own components, rendered with React's
// streaming renderer into HTML for one address, with their data and texts. Built by
// `vite build --ssr` to dist/ssr/entry-server.js; the server loads it at start.
import { PassThrough } from 'node:stream';
import { dehydrate } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { Router as WouterRouter } from 'wouter';
import type { PageRenderer, RenderedPage } from '../domain/page-render';
import { App } from './app/app';
import { type PageState, pageStateJson } from './app/page-state';
import { prefetchPage } from './app/prefetch';
import { i18nOptions, NAMESPACES } from './i18n';
import { setApiTransport } from './lib/api-client';
import { createQueryClient } from './lib/query-client';

/** A page that is not ready by then is left to the browser (the server sends the empty shell). */
const RENDER_TIMEOUT_MS = 5_000;

type Texts = Record<string, Record<string, unknown>>;
// Every language's texts, read once (the same files the browser loads one by one).
const loaders = import.meta.glob<Record<string, unknown>>('./i18n/locales/*/*.json', { import: 'default' });
const resources: Record<string, Texts> = {};
const textsRead = Promise.all(
  Object.entries(loaders).map(async ([file, load]) => {
    const [, language, namespace] = /locales\/(\w+)\/(\w+)\.json$/.exec(file) ?? [];
    if (language && namespace) (resources[language] ??= {})[namespace] = await load();
  }),
);

let logError: (error: unknown) => void = () => {};

export const renderer: PageRenderer = {
  connect(options) {
    setApiTransport((url) => options.fetchApi(url));
    logError = options.logError;
  },

  async render({ url, language }) {
    const address = new URL(url, 'http://page.invalid');
    const queryClient = createQueryClient();
    await Promise.all([textsRead, prefetchPage(queryClient, address, language)]);

    // One i18next per page: it records which namespaces the page used, and only those are sent.
    const i18n = i18next.createInstance();
    await i18n.use(initReactI18next).init({
      ...i18nOptions,
      lng: language,
      resources,
      ns: [...NAMESPACES],
      initAsync: false,
    });
    const location = `${address.pathname}${address.search}`;
    const Router = ({ children }: { children: ReactNode }) => (
      <WouterRouter ssrPath={address.pathname} ssrSearch={address.search}>
        {children}
      </WouterRouter>
    );

    return new Promise<RenderedPage>((resolve, reject) => {
      let late = false;
      const timer = setTimeout(() => {
        late = true;
        stream.abort(new Error(`rendering ${location} took too long`));
      }, RENDER_TIMEOUT_MS);
      const stream = renderToPipeableStream(
        <I18nextProvider i18n={i18n}>
          <App queryClient={queryClient} Router={Router} />
        </I18nextProvider>,
        {
          // Nothing outlined: React would send a large part apart with an inline script to put it
          // in place, which the CSP forbids; all is ready before anything is sent anyway.
          progressiveChunkSize: Number.MAX_SAFE_INTEGER,
          onAllReady() {
            clearTimeout(timer);
            // What was cut short would need React's inline scripts, which the CSP forbids: no page then.
            if (late) {
              reject(new Error(`rendering ${location} took too long`));
              return;
            }
            // react-i18next notes on the instance each namespace a component asked for.
            const used =
              (
                i18n as { reportNamespaces?: { getUsedNamespaces(): string[] } }
              ).reportNamespaces?.getUsedNamespaces() ?? [];
            const texts: Texts = {};
            for (const namespace of new Set(['common', ...used])) {
              const bundle = resources[language]?.[namespace];
              if (bundle) texts[namespace] = bundle;
            }
            const state: PageState = {
              language,
              resources: texts,
              // Errors too: a missing activity renders its "not found" on both sides.
              queries: dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' }),
            };
            const body = new PassThrough();
            stream.pipe(body);
            resolve({ body, state: pageStateJson(state) });
          },
          onShellError(error) {
            clearTimeout(timer);
            reject(error instanceof Error ? error : new Error(String(error)));
          },
          onError(error) {
            logError(error);
          },
        },
      );
    });
  },
};
