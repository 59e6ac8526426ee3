import { describe, expect, it } from 'vitest';
import { PAGE_TITLES } from './pages.js';
import { informalGermanWords } from './tone.js';
import { CONDITION_TEXT } from './weather.js';

describe('informalGermanWords (docs/product.md#languages-and-tone)', () => {
  it.each([
    ['Machst du den Anfang?', ['du']],
    ['Du bist offline.', ['Du']],
    ['Wir melden uns bei dir.', ['dir']],
    ['Melde dich an, um deine Buchungen zu sehen.', ['dich', 'deine']],
    ['Danke für deinen Vorschlag – in DEINER Sprache.', ['deinen', 'DEINER']],
    ['Schön, dass ihr da seid: euer Tisch, eure Plätze, für euch.', ['euer', 'eure', 'euch']],
    ['Eurem Team gefällt es.', ['Eurem']],
  ])('finds the informal pronouns in “%s”', (text, words) => {
    expect(informalGermanWords(text)).toEqual(words);
  });

  it.each([
    'Machen Sie den Anfang?',
    'Melden Sie sich an, um Ihre Buchungen zu sehen. Wir melden uns bei Ihnen.',
    // Words that only begin like a pronoun.
    'Direkt am Dudelsack-Museum: Durchgang für Dirndl aus Europa, mit Eurocheque.',
    'Sie erhalten diese E-Mail wegen einer Buchung.',
  ])('finds none in “%s”', (text) => {
    expect(informalGermanWords(text)).toEqual([]);
  });

  it('finds none in the German page titles and weather descriptions', () => {
    const texts = [...Object.values(PAGE_TITLES.de), ...Object.values(CONDITION_TEXT).map((text) => text.de)];
    expect(texts.flatMap(informalGermanWords)).toEqual([]);
  });
});
