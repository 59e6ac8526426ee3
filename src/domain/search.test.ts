import { describe, expect, it } from 'vitest';
import {
  buildSearchDocument,
  dedupeSuggestions,
  isSportQuery,
  normalizeText,
  searchWords,
  suggestionLimit,
} from './search.js';

describe('normalizeText', () => {
  it.each([
    ['Randonnée', 'randonnee'],
    ['CHÂTEAU d’Arques', 'chateau d arques'],
    ['Cœur de l’Aude', 'coeur de l aude'],
    ['Straße', 'strasse'],
    ['  Lac   de  Montbel!! ', 'lac de montbel'],
    ["'; drop table x; --", 'drop table x'],
    ['Museo de la Sombrerería', 'museo de la sombrereria'],
    ['%_', ''],
  ])('%s -> %s', (input, output) => {
    expect(normalizeText(input)).toBe(output);
  });
});

describe('searchWords and buildSearchDocument', () => {
  it('splits a query into normalised words, at most 8', () => {
    expect(searchWords('Château  PUI')).toEqual(['chateau', 'pui']);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
    expect(searchWords('!!!')).toEqual([]);
  });

  it('pads the document so that every word has a space before it', () => {
    expect(buildSearchDocument(['Marché', null, undefined, '', 'Place de la République'])).toBe(
      ' marche place de la republique ',
    );
  });
});

describe('suggestion rules', () => {
  it('gives 8 for sport-type queries and 6 otherwise', () => {
    for (const q of ['randonnee', 'Randonnée', 'wandel', 'hik', 'cycling', 'fiets', 'sport', 'sportief wandelen']) {
      expect(isSportQuery(q), q).toBe(true);
      expect(suggestionLimit(q)).toBe(8);
    }
    for (const q of ['markt', 'festival', 'chateau', 's', '']) {
      expect(isSportQuery(q), q).toBe(false);
      expect(suggestionLimit(q)).toBe(6);
    }
  });

  it('removes suggestions that read the same and cuts at the limit', () => {
    const items = ['Markt', 'markt', 'Marché', 'MARCHE', 'Mirepoix', 'Limoux', 'Quillan'].map((text) => ({ text }));
    expect(dedupeSuggestions(items, 3).map((i) => i.text)).toEqual(['Markt', 'Marché', 'Mirepoix']);
    expect(dedupeSuggestions(items, 10)).toHaveLength(5);
  });
});
