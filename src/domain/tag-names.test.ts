import { describe, expect, it } from 'vitest';
import { normalizeTagName, TAG_NAME_MAX_LENGTH, tagNameProblem } from './tag-names.js';
import { tagNameInput } from './tags.js';

describe('tag names', () => {
  it.each([
    ['  Lokaal eten ', 'lokaal-eten'],
    ['Wijn_proeven', 'wijn-proeven'],
    ['vélo -- route', 'vélo-route'],
    ['KINDVRIENDELIJK', 'kindvriendelijk'],
  ])('normalizes %j to %j', (raw, stored) => {
    expect(normalizeTagName(raw)).toBe(stored);
  });

  it.each([
    ['x', 'tooShort'],
    ['', 'tooShort'],
    ['a'.repeat(TAG_NAME_MAX_LENGTH + 1), 'tooLong'],
    ['wijn!', 'invalid'],
    ['-wijn', 'invalid'],
    ['wijn-', 'invalid'],
    ['<b>', 'invalid'],
  ] as const)('finds %j %s', (name, problem) => {
    expect(tagNameProblem(name)).toBe(problem);
  });

  it.each(['wijn', 'lokaal-eten', 'château', '4x4', 'a'.repeat(TAG_NAME_MAX_LENGTH)])('accepts %j', (name) => {
    expect(tagNameProblem(name)).toBeNull();
  });

  it('lets the client and the server agree on every name', () => {
    for (const raw of ['Lokaal eten', 'x', 'wijn!', ' Vélo ', 'a'.repeat(41), 'ok-ok', '--']) {
      const server = tagNameInput.safeParse(raw);
      expect(server.success, raw).toBe(tagNameProblem(normalizeTagName(raw)) === null);
      if (server.success) expect(server.data).toBe(normalizeTagName(raw));
    }
  });
});
