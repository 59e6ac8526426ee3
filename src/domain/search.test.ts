import { describe, expect, it } from 'vitest';
import {
  buildSearchDocument,
  dedupeSuggestions,
  isSportQuery,
  isTypoOf,
  normalizeText,
  queryParts,
  searchWords,
  squeeze,
  suggestionLimit,
  synonymMatches,
  textMatches,
  withinOneEdit,
} from './search.js';
import { SYNONYMS } from './synonyms.js';

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

describe('typos (docs/search.md#typos)', () => {
  it('counts one insertion, deletion, replacement or swap of neighbours as one edit', () => {
    expect(withinOneEdit('chateau', 'chateau')).toBe(true);
    expect(withinOneEdit('chateu', 'chateau')).toBe(true); // a letter left out
    expect(withinOneEdit('chateaux', 'chateau')).toBe(true); // one too many
    expect(withinOneEdit('chatoau', 'chateau')).toBe(true); // one replaced
    expect(withinOneEdit('cahteau', 'chateau')).toBe(true); // two swapped
    expect(withinOneEdit('chaetua', 'chateau')).toBe(false); // two swaps
    expect(withinOneEdit('chtu', 'chateau')).toBe(false);
    expect(withinOneEdit('chatteaux', 'chateau')).toBe(false);
    expect(withinOneEdit('abcd', 'abdc')).toBe(true);
    expect(withinOneEdit('abcd', 'bacd')).toBe(true);
    expect(withinOneEdit('abcd', 'badc')).toBe(false);
    expect(withinOneEdit('', 'a')).toBe(true);
  });

  it('writes doubled letters once', () => {
    expect(squeeze('carcassonne')).toBe('carcasone');
    expect(squeeze('randonnee')).toBe('randone');
    expect(squeeze('abc')).toBe('abc');
  });

  it.each([
    ['chateu', 'chateau'],
    ['randonee', 'randonnee'],
    ['carcasone', 'carcassonne'],
    ['carcassone', 'carcassonne'],
    ['wandlen', 'wandelen'],
    ['musuem', 'museum'],
    ['quilan', 'quillan'],
  ])('%s is %s with a typo', (query, word) => {
    expect(isTypoOf(query, word)).toBe(true);
  });

  it('leaves words under 5 letters and words two edits away alone', () => {
    expect(isTypoOf('lax', 'lac')).toBe(false);
    expect(isTypoOf('mrkt', 'markt')).toBe(false);
    expect(isTypoOf('chtaeu', 'chateau')).toBe(false);
    expect(isTypoOf('abcdef', 'abcxyz')).toBe(false);
  });
});

describe('synonyms and the parts of a query (docs/search.md#synonyms)', () => {
  const groupsOf = (query: string) =>
    queryParts(searchWords(query)).map((part) =>
      part.groups.map(({ group, typo }) => `${SYNONYMS[group]?.key}${typo ? ' (typo)' : ''}`),
    );
  const alternativesOf = (query: string) =>
    queryParts(searchWords(query)).map((part) => part.alternatives.map((a) => a.words.join(' ')));

  it.each([
    ['wandelen', 'nl'],
    ['hiking', 'en'],
    ['Randonnée', 'fr'],
    ['Wandern', 'de'],
    ['senderismo', 'es'],
  ])('%s (%s) stands for the walking group, with every term of it', (query) => {
    expect(groupsOf(query)).toEqual([['wandelen']]);
    const [alternatives] = alternativesOf(query);
    for (const term of ['wandelen', 'hiking', 'randonnee', 'wandern', 'senderismo'])
      expect(alternatives).toContain(term);
  });

  it.each([
    ['markt', 'markt'],
    ['market', 'markt'],
    ['marché', 'markt'],
    ['Märkte', 'markt'],
    ['mercado', 'markt'],
    ['Schloss', 'kasteel'],
    ['castillo', 'kasteel'],
    ['vin', 'wijn'],
    ['vino', 'wijn'],
    ['Wein', 'wijn'],
    ['deporte', 'sport'],
    ['miradores', 'uitzicht'],
  ])('%s stands for the %s group', (query, key) => {
    expect(groupsOf(query)).toEqual([[key]]);
  });

  it('takes a start of 4 letters, an ending of up to two letters and a typo, and says which was a typo', () => {
    expect(groupsOf('wand')).toEqual([['wandelen']]);
    expect(groupsOf('chateaux')).toEqual([['kasteel']]);
    expect(groupsOf('markten')).toEqual([['markt']]);
    expect(groupsOf('hikng')).toEqual([['wandelen (typo)']]);
    // A term spelled right is taken as spelled: "hiking" is not "biking" with a typo.
    expect(groupsOf('biking')).toEqual([['fietsen']]);
    expect(groupsOf('wan')).toEqual([[]]);
    expect(groupsOf('limoux')).toEqual([[]]);
  });

  it('reads a term of several words as one part, and other words as parts of their own', () => {
    expect(queryParts(searchWords('point de vue Limoux')).map((p) => p.words)).toEqual([
      ['point', 'de', 'vue'],
      ['limoux'],
    ]);
    expect(groupsOf('point de vue Limoux')).toEqual([['uitzicht'], []]);
    expect(groupsOf('local food')).toEqual([['lokaal-eten']]);
    const [alternatives] = alternativesOf('local food');
    expect(alternatives).toEqual(expect.arrayContaining(['local food', 'lokaal eten', 'produits locaux', 'terroir']));
    // "de" alone is no synonym, and the words of a term apart are not the term.
    expect(groupsOf('de vue')).toEqual([[], []]);
  });

  it('matches a short synonym only as itself or with one more letter', () => {
    expect(synonymMatches('vin', 'vin')).toBe(true);
    expect(synonymMatches('vin', 'vins')).toBe(true);
    expect(synonymMatches('vin', 'vingt')).toBe(false);
    expect(synonymMatches('randonnee', 'randonnees')).toBe(true);
    expect(synonymMatches('randonnee', 'randon')).toBe(false);
  });

  it('matches short texts (towns, tags) as a search matches an activity', () => {
    expect(textMatches(queryParts(searchWords('carcasone')), 'Carcassonne')).toBe(true);
    expect(textMatches(queryParts(searchWords('hiking')), 'wandelen')).toBe(true);
    expect(textMatches(queryParts(searchWords('local food')), 'lokaal-eten')).toBe(true);
    expect(textMatches(queryParts(searchWords('pui')), 'Puivert')).toBe(true);
    expect(textMatches(queryParts(searchWords('rennes chateau')), 'Rennes-le-Château')).toBe(true);
    expect(textMatches(queryParts(searchWords('quillan')), 'Limoux')).toBe(false);
    expect(textMatches([], 'Limoux')).toBe(false);
  });
});
