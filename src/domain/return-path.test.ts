import { describe, expect, it } from 'vitest';
import { isReturnPath, loginPath, normalizeReturnPath, RETURN_PATH_MAX_LENGTH } from './return-path.js';

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
    ['the API behind a dot segment', '/./api/logout'],
    ['the API behind a parent segment', '/activity/../api/logout'],
    ['the API behind an encoded dot', '/%2e/api/logout'],
    ['the API in capitals', '/API/logout'],
    ['the API with an encoded slash', '/api%2flogout'],
    ['a control character', '/activity/3\n'],
    ['an empty value', ''],
    ['a very long path', `/${'a'.repeat(RETURN_PATH_MAX_LENGTH)}`],
  ])('refuses %s', (_what, path) => {
    expect(isReturnPath(path)).toBe(false);
  });

  it('answers the normalized path, percent-encoded (no raw character above U+00FF reaches a header)', () => {
    expect(normalizeReturnPath('/activity/3?lng=fr')).toBe('/activity/3?lng=fr');
    expect(normalizeReturnPath('/a/./b/../kaart')).toBe('/a/kaart');
    expect(normalizeReturnPath('/zoek?q=château 城')).toBe('/zoek?q=ch%C3%A2teau%20%E5%9F%8E');
    expect(normalizeReturnPath('/活动')).toBe('/%E6%B4%BB%E5%8A%A8');
    // Whatever it answers is plain ASCII.
    for (const path of ['/é', '/?x=€', '/#ü', '/活动?q=活动#活动']) {
      expect(normalizeReturnPath(path)).toMatch(/^[\x21-\x7e]+$/);
    }
  });

  it('builds the login link, leaving out the home page and anything unsafe', () => {
    expect(loginPath('/activity/3?lng=fr')).toBe('/api/login?returnTo=%2Factivity%2F3%3Flng%3Dfr');
    expect(loginPath('/')).toBe('/api/login');
    expect(loginPath(null)).toBe('/api/login');
    expect(loginPath('//evil.example')).toBe('/api/login');
  });
});
