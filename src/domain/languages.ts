/** The interface and content languages, Dutch first (the default). */
export const LANGUAGES = ['nl', 'en', 'fr', 'de', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'nl';

/** The cookie that keeps a visitor's language (only with their consent), read by the client and the server. */
export const LANGUAGE_COOKIE = 'i18next';
export const FALLBACK_LANGUAGE: Language = 'en';

/** BCP 47 locale used with Intl for each language (docs/product.md#dates-times-and-money). */
export const LOCALES: Record<Language, string> = {
  nl: 'nl-NL',
  en: 'en-GB',
  fr: 'fr-FR',
  de: 'de-DE',
  es: 'es-ES',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Each language named in itself, so that anyone finds theirs whatever is shown now. */
export const NATIVE_LANGUAGE_NAMES: Record<Language, string> = {
  nl: 'Nederlands',
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  es: 'Español',
};
