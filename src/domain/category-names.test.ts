import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from './activities.js';
import { CATEGORY_NAMES } from './category-names.js';
import { LANGUAGES } from './languages.js';

describe('the category names the server searches', () => {
  it('are the names the client shows (the chip and the badge of common.json) in every language', () => {
    for (const language of LANGUAGES) {
      const file = path.join(import.meta.dirname, `../client/i18n/locales/${language}/common.json`);
      const { category } = JSON.parse(readFileSync(file, 'utf8')) as {
        category: { chip: Record<string, string>; badge: Record<string, string> };
      };
      for (const c of CATEGORIES) {
        expect(CATEGORY_NAMES[c][language], `${c} in ${language}`).toEqual({
          chip: category.chip[c],
          badge: category.badge[c],
        });
      }
    }
  });
});
