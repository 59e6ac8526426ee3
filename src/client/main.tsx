import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { Router } from 'wouter';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { markPageReady } from './lib/page-ready';
import { hydrateQueries, readPageState } from './app/page-state';
import { preloadScreens } from './app/router';
import { initI18n } from './i18n';
import { isLanguage, LOCALES } from '../domain/languages';
import { createQueryClient } from './lib/query-client';
import { useTransitionLocation, useTransitionSearch } from './lib/navigation';
import { warmLocaleData } from './lib/warm-intl';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// First, so that another thread loads the number and date data while this one starts.
const pageLanguage = document.documentElement.lang;
const localeData = warmLocaleData(LOCALES[isLanguage(pageLanguage) ? pageLanguage : 'nl']);
/** How long hydrating waits for that thread at most (docs/rendering.md#locale-data). */
const LOCALE_DATA_WAIT_MS = 200;

/** The browser's router: the address bar, followed in transitions (docs/rendering.md#router). */
const BrowserRouter = ({ children }: { children: ReactNode }) => (
  <Router hook={useTransitionLocation} searchHook={useTransitionSearch}>
    {children}
  </Router>
);
const queryClient = createQueryClient();

/**
 * Runs once the page is React's: hydrated, or drawn for the first time. `<html data-ready>` then tells
 * that the page answers clicks (the end-to-end tests wait for it), once parts that hydrate later have
 * too. The page stays in the language the server rendered it in (docs/rendering.md#languages).
 */
function AfterHydration() {
  useEffect(() => {
    // The service worker registers after the load event (docs/offline.md): its code can wait until now.
    void import('./lib/service-worker').then((worker) => worker.registerServiceWorker());
    // From here on the address follows a change of language (docs/rendering.md#languages).
    void import('./i18n/address').then((address) => address.followLanguageInAddress());
    void markPageReady();
  }, []);
  return null;
}

// A public page arrives rendered, with its texts and data (docs/rendering.md): hydrate it from them.
// The private pages arrive empty and are drawn here.
const state = readPageState();
if (state) {
  // The screen's chunk is in before hydrating: its boundary hydrates without suspending on it
  // (docs/rendering.md#hydration). A chunk that fails to load is left to the lazy screen to report.
  await Promise.all([
    initI18n({ initial: { language: state.language, resources: state.resources } }),
    preloadScreens(window.location.pathname).catch(() => undefined),
  ]);
  hydrateQueries(queryClient, state.queries);
  const app = (
    <StrictMode>
      <App queryClient={queryClient} Router={BrowserRouter} />
      <AfterHydration />
    </StrictMode>
  );
  // The page is painted before this script loads (boot.ts, docs/rendering.md#paint-first), and
  // scrolls and follows its links while the locale data loads: hydrating first would load the data
  // here, in one long task. Then it is hydrated as a transition: React works in slices of a few
  // milliseconds and lets the browser answer in between (no long task).
  await Promise.race([localeData, new Promise((resolve) => setTimeout(resolve, LOCALE_DATA_WAIT_MS))]);
  startTransition(() => {
    hydrateRoot(root, app, {
      // A page that differs from the server's is drawn again by the browser; say so, loudly, in tests.
      onRecoverableError: (error) => console.error('Hydration did not match the server', error),
    });
  });
} else {
  // The first language file loads while React renders; Suspense waits for it.
  // The detector, and beside it the table of language files that i18next asks next.
  const [{ createLanguageDetector }] = await Promise.all([import('./i18n/detector'), import('./i18n/locale-files')]);
  void initI18n({ detector: createLanguageDetector() });
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} Router={BrowserRouter} />
      <AfterHydration />
    </StrictMode>,
  );
}
