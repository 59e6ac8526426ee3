import { currentLanguage, i18n } from '../i18n';
import { rememberLanguage } from './offline-caches';

/**
 * Registers the service worker of the production build (docs/offline.md). When a new version
 * takes over a page that an older one controlled, the page reloads once, so it never runs old
 * code against the new version's cache.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // The worker answers offline only with pages in the language the visitor reads now (docs/offline.md).
  const remember = () => void rememberLanguage(caches, currentLanguage()).catch(() => undefined);
  remember();
  i18n.on('languageChanged', remember);
  const hadController = Boolean(navigator.serviceWorker.controller);
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!hadController || reloading) return;
    reloading = true;
    window.location.reload();
  });
  // After the page has loaded: installing precaches the app, which must not compete with the first
  // paint. A rendered page loads this script after its load event (docs/rendering.md#paint-first).
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // No service worker (private mode, an old browser): the guide works online as before.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
