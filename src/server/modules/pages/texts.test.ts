import { describe, expect, it } from 'vitest';
import { informalGermanWords } from '../../../domain/tone.js';
import { PAGE_TEXTS } from './texts.js';

describe('the pages’ own texts (what crawlers and link previews read)', () => {
  it('speak German with the formal “Sie” (docs/product.md#languages-and-tone)', () => {
    const { pages, home, categories, activityIn } = PAGE_TEXTS.de;
    const texts = [
      ...Object.values(pages).map((page) => page.description),
      home,
      ...Object.values(categories),
      activityIn('Markt', 'Limoux'),
    ];
    expect(texts.flatMap(informalGermanWords)).toEqual([]);
    expect(PAGE_TEXTS.de.pages.favourites.description).toBe(
      'Die Aktivitäten in und um Limoux, die Sie sich gemerkt haben, auch ohne Konto.',
    );
  });
});
