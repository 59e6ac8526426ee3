import { describe, expect, it } from 'vitest';
import { isReturnPath, loginPath, RETURN_PATH_MAX_LENGTH } from './return-path.js';

describe('return paths after login', () => {
  it.each(['/', '/activity/3', '/kaart?category=markten', '/favorieten#top', '/admin/tags'])('accepts %s', (path) => {
    expect(isReturnPath(path)).toBe(true);
  });

  it.each([
    ['another site', '//evil.example/x'],
    ['another site (backslash)', '/\\evil.example'],
    ['an absolute URL', 'https://evil.example/'],
    ['a scheme', 'javascript:alert(1)'],
    ['a relative path', 'activity/3'],
    ['the API', '/api/logout'],
    ['the API root', '/api'],
    ['a control character', '/activity/3\n'],
    ['an empty value', ''],
    ['a very long path', `/${'a'.repeat(RETURN_PATH_MAX_LENGTH)}`],
  ])('refuses %s', (_what, path) => {
    expect(isReturnPath(path)).toBe(false);
  });

  it('builds the login link, leaving out the home page and anything unsafe', () => {
    expect(loginPath('/activity/3?lng=fr')).toBe('/api/login?returnTo=%2Factivity%2F3%3Flng%3Dfr');
    expect(loginPath('/')).toBe('/api/login');
    expect(loginPath(null)).toBe('/api/login');
    expect(loginPath('//evil.example')).toBe('/api/login');
  });
});
