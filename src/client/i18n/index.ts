import { setApiLanguage } from '../lib/api-client';
import i18n, { type LanguageDetectorModule } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGES,
  type Language,
} from '../../domain/languages';
import { hasAcceptedCookies } from '../lib/consent';

export const NAMESPACES = [
  'common',
  'activities',
  'detail',
  'favourites',
  'agenda',
  'landing',
  'account',
  'admin',
  'bookings',
  'provider',
  'sponsorship',
  'privacy',
  'errors',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
export { LANGUAGE_COOKIE };

/**
 * i18next options for language resolution: it asks the detector for every
 * candidate in order and takes the first supported one; the detector's last
 * source always answers nl, so nl is the default and en only fills missing texts.
 */
export const languageOptions = {
  supportedLngs: [...LANGUAGES],
  nonExplicitSupportedLngs: false,
  load: 'languageOnly',
  fallbackLng: FALLBACK_LANGUAGE,
} as const;

/**
 * Remembers the chosen language: always in localStorage (docs/product.md#languages), and in a
 * cookie only when the visitor accepted cookies (docs/product.md#cookie-consent).
 */
export function persistLanguage(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage can be unavailable (private mode); the choice then lasts for this page only.
  }
  if (hasAcceptedCookies()) {
    document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; SameSite=Lax`;
  }
}

export function forgetLanguageCookie() {
  document.cookie = `${LANGUAGE_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
}

/**
 * A page the server rendered comes with its language and the texts it used (docs/rendering.md):
 * the browser starts with exactly those, so hydration finds the same words; other namespaces
 * still load when a screen asks for them. A page the browser draws alone detects its language.
 */
export interface InitialTexts {
  language: Language;
  resources: Record<string, Record<string, unknown>>;
}

/** i18next options shared by the browser and the server's renderer. */
export const i18nOptions = {
  ...languageOptions,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: true },
} as const;

/**
 * Sets up the texts: a rendered page's, or those of the language `detector` finds (a page the browser
 * draws alone). Starts synchronously, so React may render right after the call. Neither the detector
 * nor the table of language files is needed to hydrate: both are chunks of their own
 * (docs/rendering.md#texts).
 */
export async function initI18n(
  from: { initial: InitialTexts } | { detector: LanguageDetectorModule },
): Promise<typeof i18n> {
  const initial = 'initial' in from ? from.initial : undefined;
  if ('detector' in from) i18n.use(from.detector);
  await i18n
    .use(initReactI18next)
    .use(resourcesToBackend((lng: string, ns: string) => import('./locale-files').then((m) => m.loadLocale(lng, ns))))
    .init({
      ...i18nOptions,
      ...(initial
        ? {
            lng: initial.language,
            resources: { [initial.language]: initial.resources },
            partialBundledLanguages: true,
            ns: Object.keys(initial.resources),
            // Every text exists in all five languages (locales.test.ts): loading English as a fallback
            // would only make hydration wait for three more files.
            fallbackLng: false,
          }
        : { ns: ['common'] }),
    });
  document.documentElement.lang = currentLanguage();
  setApiLanguage(currentLanguage());
  i18n.on('languageChanged', (lng) => {
    if (!isLanguage(lng)) return;
    document.documentElement.lang = lng;
    setApiLanguage(lng);
    persistLanguage(lng);
  });
  return i18n;
}

/** The active language, as the API's `lng`. */
export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}

export { i18n };
