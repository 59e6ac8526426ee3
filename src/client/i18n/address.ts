import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../domain/languages';
import { hasAcceptedCookies } from '../lib/consent';
import { currentLanguage, i18n } from './index';

/**
 * The language the server picks for an address without `?lng=` and without the cookie: the
 * browser's first supported one, as its Accept-Language says (navigator.languages is that list).
 */
function browserLanguage(): Language {
  for (const tag of navigator.languages ?? [navigator.language]) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * A reload comes back in the chosen language (docs/rendering.md#languages): an address that names
 * its language (`?lng=`) follows the choice, and one without it gets it when no cookie may carry the
 * choice (cookies not accepted) and the server would pick another (the browser's).
 */
export function keepLanguageInAddress(language: Language) {
  const url = new URL(window.location.href);
  if (url.searchParams.get('lng') === language) return;
  if (!url.searchParams.has('lng') && (hasAcceptedCookies() || language === browserLanguage())) return;
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
  // A link inside the app, a new filter or going back writes an address without the language: it
  // gets it back, so that a reload there is in it too. (The router sends pushState and replaceState.)
  for (const type of ['pushState', 'replaceState', 'popstate']) {
    window.addEventListener(type, () => keepLanguageInAddress(currentLanguage()));
  }
}
