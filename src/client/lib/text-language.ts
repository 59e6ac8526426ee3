import type { TextLanguages } from '../../domain/activities';
import type { Language } from '../../domain/languages';

/**
 * The `lang` of an activity's text field when it is shown in another language than the page's
 * (English or the original standing in, docs/product.md#activity-text-in-five-languages), so that a
 * screen reader reads it in its own voice; undefined when it is the page's (the element inherits).
 * An answer kept offline from before the API said (docs/offline.md) has no languages: nothing is marked.
 */
export function langOf(
  activity: { languages?: TextLanguages },
  field: keyof TextLanguages,
  page: Language,
): Language | undefined {
  const language = activity.languages?.[field];
  return language && language !== page ? language : undefined;
}
