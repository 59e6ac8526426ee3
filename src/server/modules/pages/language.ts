import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, LANGUAGES, type Language } from '../../../domain/languages.js';

/**
 * The language a page is sent in (docs/seo.md#languages), in the client's own order: `?lng=`,
 * then the language cookie, then the browser's Accept-Language, then Dutch.
 */
export function pageLanguage(
  query: unknown,
  cookies: Record<string, string | undefined>,
  acceptLanguage?: string,
): Language {
  const asked = typeof query === 'object' && query !== null ? (query as Record<string, unknown>).lng : undefined;
  if (isLanguage(asked)) return asked;
  const kept = cookies[LANGUAGE_COOKIE];
  if (isLanguage(kept)) return kept;
  return preferredLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE;
}

/** The supported language an Accept-Language header prefers most (by q, then by order), if any. */
export function preferredLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { primary: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0 && Number.isFinite(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (
    (ranked.find((entry) => (LANGUAGES as readonly string[]).includes(entry.primary))?.primary as Language) ?? null
  );
}
