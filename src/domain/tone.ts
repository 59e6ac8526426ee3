/**
 * German addresses the reader with the formal "Sie" everywhere (docs/product.md#languages-and-tone).
 * The informal pronouns and their forms, as whole words in any case: du, dich, dir, dein (deine,
 * deinem, deinen, deiner, deines), euch, euer (eure, eurem, euren, eurer, eures).
 */
const GERMAN_INFORMAL = /(?<![\p{L}\p{N}])(du|dich|dir|dein(?:e[mnrs]?)?|euch|euer|eure[mnrs]?)(?![\p{L}\p{N}])/giu;

/** The informal German pronouns in `text`, as written there; empty when it keeps to "Sie". */
export function informalGermanWords(text: string): string[] {
  return [...text.matchAll(GERMAN_INFORMAL)].map((match) => match[0]);
}
