import { createInstance } from 'i18next';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createLanguageDetector } from './detector';
import { LANGUAGE_STORAGE_KEY, languageOptions } from './index';

function setNavigatorLanguages(languages: string[]) {
  Object.defineProperty(window.navigator, 'languages', { value: languages, configurable: true });
  Object.defineProperty(window.navigator, 'language', { value: languages[0], configurable: true });
}

/** Resolves the language exactly as the app does: i18next with our detector and options. */
async function detect() {
  const i18n = createInstance().use(createLanguageDetector());
  await i18n.init({ ...languageOptions, resources: {} });
  return i18n.language;
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
  document.documentElement.lang = '';
  setNavigatorLanguages([]);
});
// The next file in this worker gets jsdom's own languages back (vitest.config.ts: the files share a document).
afterAll(() => {
  Reflect.deleteProperty(window.navigator, 'languages');
  Reflect.deleteProperty(window.navigator, 'language');
});

describe('language detection (docs/product.md#languages)', () => {
  it('reads query, then cookie, then localStorage, then the browser, then <html lang>', async () => {
    setNavigatorLanguages([]);
    document.documentElement.lang = 'es';
    expect(await detect()).toBe('es');
    setNavigatorLanguages(['fr-FR', 'en']);
    expect(await detect()).toBe('fr');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    expect(await detect()).toBe('de');
    document.cookie = 'i18next=en; path=/';
    expect(await detect()).toBe('en');
    window.history.replaceState(null, '', '/?lng=nl');
    expect(await detect()).toBe('nl');
  });

  it('skips unsupported languages and defaults to Dutch', async () => {
    setNavigatorLanguages(['it-IT', 'pt']);
    expect(await detect()).toBe('nl');
    setNavigatorLanguages(['it-IT', 'de-AT']);
    expect(await detect()).toBe('de');
    window.history.replaceState(null, '', '/?lng=xx');
    expect(await detect()).toBe('de');
  });
});
