/**
 * The language files, one chunk each, by language and namespace. The table of their addresses is a
 * chunk of its own: a rendered page hydrates with the texts it came with (docs/rendering.md#texts).
 */
export function loadLocale(language: string, namespace: string): Promise<{ default: object }> {
  return import(`./locales/${language}/${namespace}.json`) as Promise<{ default: object }>;
}
