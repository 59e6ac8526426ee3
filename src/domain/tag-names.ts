import { TAG_NAME_MAX_LENGTH } from './activities.js';

/**
 * Tag names, without zod so the web client can check a proposal before it
 * sends it, by the same rules as the server (src/domain/tags.ts).
 */
export { TAG_NAME_MAX_LENGTH };
export const TAG_NAME_MIN_LENGTH = 2;

/** Letters and digits, words joined by single hyphens: "lokaal-eten". */
export const TAG_NAME_PATTERN = /^[\p{L}\p{N}]+(-[\p{L}\p{N}]+)*$/u;

/** A proposed tag name in its stored form: lower case, words joined by hyphens ("Lokaal eten" -> "lokaal-eten"). */
export function normalizeTagName(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace(/-+/g, '-');
}

export type TagNameProblem = 'tooShort' | 'tooLong' | 'invalid';

/** What is wrong with a normalized tag name, or null when it may be proposed. */
export function tagNameProblem(name: string): TagNameProblem | null {
  if (name.length < TAG_NAME_MIN_LENGTH) return 'tooShort';
  if (name.length > TAG_NAME_MAX_LENGTH) return 'tooLong';
  return TAG_NAME_PATTERN.test(name) ? null : 'invalid';
}
