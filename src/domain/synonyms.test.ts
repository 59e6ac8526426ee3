import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import places from '../server/db/seed/data/places.json' with { type: 'json' };
import { CATEGORIES } from './activities.js';
import { CATEGORY_NAMES } from './category-names.js';
import { LANGUAGES } from './languages.js';
import { normalizeText } from './search.js';
import { SYNONYMS } from './synonyms.js';

/** The synonym table of docs/search.md#synonyms, read as a person reads it: one row per group, terms split at commas. */
function docsTable() {
  const doc = readFileSync(path.join(import.meta.dirname, '../../docs/search.md'), 'utf8');
  const section = doc.slice(doc.indexOf('### Synonyms'), doc.indexOf('## Ranking'));
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  const [header, rule, ...body] = rows;
  expect(header).toEqual(['group', ...LANGUAGES]);
  expect(rule?.every((cell) => /^-+$/.test(cell))).toBe(true);
  return body.map(([key, ...cells]) => ({
    key,
    terms: Object.fromEntries(LANGUAGES.map((language, i) => [language, (cells[i] ?? '').split(', ')])),
  }));
}

const termsIn = (language: (typeof LANGUAGES)[number]) =>
  SYNONYMS.map((group) => new Set(group.terms[language].map(normalizeText)));

describe('the synonym table', () => {
  it('is the same in docs/search.md as in the code', () => {
    expect(docsTable()).toEqual(SYNONYMS.map((group) => ({ key: group.key, terms: group.terms })));
  });

  it('has every group in the five languages, each group once', () => {
    expect(new Set(SYNONYMS.map((g) => g.key)).size).toBe(SYNONYMS.length);
    for (const group of SYNONYMS) {
      for (const language of LANGUAGES)
        expect(group.terms[language].length, `${group.key} ${language}`).toBeGreaterThan(0);
    }
  });

  it('covers every category by one of its names in every language', () => {
    for (const category of CATEGORIES) {
      for (const language of LANGUAGES) {
        const { chip, badge } = CATEGORY_NAMES[category][language];
        const covered = termsIn(language).some(
          (terms) => terms.has(normalizeText(chip)) || terms.has(normalizeText(badge)),
        );
        expect(covered, `${category} in ${language} (${chip} / ${badge})`).toBe(true);
      }
    }
  });

  it('covers the twenty most used tags of the demo content (all of them), each in one group with its names', () => {
    const uses = new Map<string, { count: number; label: Record<'nl' | 'en' | 'fr', string> }>();
    for (const place of places) {
      for (const tag of place.tags) uses.set(tag.nl, { count: (uses.get(tag.nl)?.count ?? 0) + 1, label: tag });
    }
    const used = [...uses.values()].sort((a, b) => b.count - a.count);
    expect(used.length).toBeGreaterThanOrEqual(20);
    for (const { label } of used) {
      const group = SYNONYMS.find((g) => g.terms.nl.map(normalizeText).includes(normalizeText(label.nl)));
      expect(group, label.nl).toBeDefined();
      for (const language of ['en', 'fr'] as const) {
        expect(group?.terms[language].map(normalizeText), `${label.nl} in ${language}`).toContain(
          normalizeText(label[language]),
        );
      }
    }
  });
});
