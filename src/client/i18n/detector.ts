import LanguageDetector, { type DetectorOptions } from 'i18next-browser-languagedetector';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE } from '../../domain/languages';
import { LANGUAGE_STORAGE_KEY } from './index';

/** Detection order of docs/product.md#languages; nl when nothing supported is found. */
export const detectionOptions: DetectorOptions = {
  order: ['querystring', 'cookie', 'localStorage', 'navigator', 'htmlTag', 'productDefault'],
  lookupQuerystring: 'lng',
  lookupCookie: LANGUAGE_COOKIE,
  lookupLocalStorage: LANGUAGE_STORAGE_KEY,
  // Caching is done by persistLanguage, which honours the cookie choice (docs/product.md#cookie-consent).
  caches: [],
  convertDetectedLanguage: (lng: string) => lng.toLowerCase().split(/[-_]/)[0] ?? lng,
};

/** The last detector: the product's default language (docs/product.md#languages). */
const productDefault = { name: 'productDefault', lookup: () => DEFAULT_LANGUAGE };

/**
 * The language of a page the browser draws alone (docs/product.md#languages). A rendered page comes
 * with the language the server chose, so this module is a chunk of its own (docs/rendering.md#texts).
 */
export function createLanguageDetector() {
  const detector = new LanguageDetector(undefined, detectionOptions);
  detector.addDetector(productDefault);
  return detector;
}
