import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { hydrateQueries, readPageState } from './app/page-state';
import { initI18n } from './i18n';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/service-worker';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

registerServiceWorker();
const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <App queryClient={queryClient} Router={BrowserRouter} />
  </StrictMode>
);

// A public page arrives rendered, with its texts and data (docs/rendering.md): hydrate it from them.
// The private pages arrive empty and are drawn here.
const state = readPageState();
if (state) {
  await initI18n({ language: state.language, resources: state.resources });
  hydrateQueries(queryClient, state.queries);
  hydrateRoot(root, app, {
    // A page that differs from the server's is drawn again by the browser; say so, loudly, in tests.
    onRecoverableError: (error) => console.error('Hydration did not match the server', error),
  });
} else {
  // The first language file loads while React renders; Suspense waits for it.
  void initI18n();
  createRoot(root).render(app);
}
