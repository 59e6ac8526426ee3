import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../domain/errors';
import { LANGUAGES } from '../../domain/languages';
import { informalGermanWords } from '../../domain/tone';
import { NAMESPACES } from './index';

const dir = path.join(import.meta.dirname, 'locales');
type Json = { [key: string]: Json | string | string[] };

/** Every key, plural suffixes folded together (`count_one` and `count_other` count as `count`). */
function keysOf(value: Json, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && !Array.isArray(child)
      ? keysOf(child, `${prefix}${key}.`)
      : [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`],
  );
}

/** Every text of a translation file, each with its key. */
function textsOf(value: Json, prefix = ''): [string, string][] {
  return Object.entries(value).flatMap(([key, child]): [string, string][] =>
    typeof child === 'string'
      ? [[`${prefix}${key}`, child]]
      : Array.isArray(child)
        ? child.map((text, i): [string, string] => [`${prefix}${key}.${i}`, text])
        : textsOf(child, `${prefix}${key}.`),
  );
}

/** The keys whose German text speaks to the reader informally, with the words that do. */
const informalGerman = (json: Json) =>
  textsOf(json).flatMap(([key, text]) => {
    const words = informalGermanWords(text);
    return words.length > 0 ? [`${key}: ${words.join(', ')}`] : [];
  });

function load(language: string, namespace: string): Json {
  return JSON.parse(readFileSync(path.join(dir, language, `${namespace}.json`), 'utf8')) as Json;
}

describe('translations', () => {
  it('has a file for every namespace in every language, and no others', () => {
    for (const language of LANGUAGES) {
      expect(readdirSync(path.join(dir, language)).sort()).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
    }
  });

  for (const namespace of NAMESPACES) {
    it(`${namespace}: every key exists in nl, en, fr, de and es, with the same placeholders`, () => {
      const reference = load('en', namespace);
      const expected = [...new Set(keysOf(reference))].sort();
      for (const language of LANGUAGES) {
        const translation = load(language, namespace);
        expect([...new Set(keysOf(translation))].sort(), `${language}/${namespace}`).toEqual(expected);
        const placeholders = (json: Json) => [...new Set(JSON.stringify(json).match(/\{\{\w+\}\}/g) ?? [])].sort();
        expect(placeholders(translation), `${language}/${namespace} placeholders`).toEqual(placeholders(reference));
        expect(JSON.stringify(translation), `${language}/${namespace} has an empty text`).not.toMatch(/:""/);
      }
    });
  }

  it('has a text for every error code of the API, and no other', () => {
    expect(Object.keys(load('en', 'errors')).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('mail texts (server): every key exists in nl, en, fr, de and es, with the same placeholders', () => {
    // The server's mail texts follow the same rule as the screens' (src/server/modules/mail/locales).
    const mailDir = path.join(import.meta.dirname, '../../server/modules/mail/locales');
    const loadMail = (language: string) =>
      JSON.parse(readFileSync(path.join(mailDir, `${language}.json`), 'utf8')) as Json;
    expect(readdirSync(mailDir).sort()).toEqual(LANGUAGES.map((l) => `${l}.json`).sort());
    const reference = loadMail('en');
    const placeholders = (json: Json) => [...new Set(JSON.stringify(json).match(/\{\{\w+\}\}/g) ?? [])].sort();
    for (const language of LANGUAGES) {
      const texts = loadMail(language);
      expect([...new Set(keysOf(texts))].sort(), `mail ${language}`).toEqual([...new Set(keysOf(reference))].sort());
      expect(placeholders(texts), `mail ${language} placeholders`).toEqual(placeholders(reference));
      expect(JSON.stringify(texts), `mail ${language} has an empty text`).not.toMatch(/:""/);
    }
  });

  it('speaks German to the reader with the formal “Sie” throughout (docs/product.md#languages-and-tone)', () => {
    // The screens' texts and the server's mail texts: no du, dich, dir, dein…, euch, euer, eure….
    const mailDir = path.join(import.meta.dirname, '../../server/modules/mail/locales');
    const mail = JSON.parse(readFileSync(path.join(mailDir, 'de.json'), 'utf8')) as Json;
    const informal = [
      ...NAMESPACES.flatMap((namespace) => informalGerman(load('de', namespace)).map((hit) => `${namespace}:${hit}`)),
      ...informalGerman(mail).map((hit) => `mail:${hit}`),
    ];
    expect(informal).toEqual([]);
    // The check reads every text: an informal one in any namespace would be found.
    expect(informalGerman({ reviews: { empty: 'Noch keine Bewertungen. Machst du den Anfang?' } })).toEqual([
      'reviews.empty: du',
    ]);
  });

  it('uses the product’s exact texts where docs/product.md gives them', () => {
    expect(load('en', 'detail')).toMatchObject({
      share: { copied: 'Link copied to clipboard!', cancelled: 'Sharing cancelled' },
    });
    expect(load('en', 'activities')).toMatchObject({ results: { error: 'Failed to fetch activities' } });
  });
});
