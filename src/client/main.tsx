import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './i18n';
import { registerServiceWorker } from './lib/service-worker';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The first language file loads while React renders; Suspense waits for it.
void initI18n();
registerServiceWorker();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
