import { isLanguage, type Language } from '../../domain/languages';
import { hasAcceptedCookies } from '../lib/consent';
import { i18n } from './index';

/**
 * A reload comes back in the chosen language (docs/rendering.md#languages): an address that names
 * its language (`?lng=`) follows the choice, and one without it gets it when no cookie may carry the
 * choice (cookies not accepted), since the server cannot read the device's storage.
 */
export function keepLanguageInAddress(language: Language) {
  const url = new URL(window.location.href);
  if (url.searchParams.get('lng') === language) return;
  if (!url.searchParams.has('lng') && hasAcceptedCookies()) return;
  url.searchParams.set('lng', language);
  window.history.replaceState(window.history.state, '', url);
}

/**
 * Keeps the address in step with every change of language from now on. Loaded once the page is
 * hydrated (main.tsx): no language changes before, and a page needs none of it to answer.
 */
export function followLanguageInAddress() {
  i18n.on('languageChanged', (lng) => {
    if (isLanguage(lng)) keepLanguageInAddress(lng);
  });
}
