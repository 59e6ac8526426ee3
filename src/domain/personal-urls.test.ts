import { describe, expect, it } from 'vitest';
import { carriesSecret, isPersonalPage, isPublicRead } from './personal-urls.js';

const at = (path: string) => new URL(path, 'https://guide.example');

describe('what is personal among the addresses (docs/offline.md#personal)', () => {
  it('finds a secret in the query: a token, or OpenID Connect’s code and state, in any case', () => {
    for (const path of [
      '/boekingen/3/annuleren?token=abc',
      '/?TOKEN=x',
      '/api/callback?code=1&state=2',
      '/a?b=1&state=',
    ]) {
      expect(carriesSecret(at(path)), path).toBe(true);
    }
    for (const path of ['/', '/?category=markten&search=token', '/activity/3?lng=fr', '/tokens']) {
      expect(carriesSecret(at(path)), path).toBe(false);
    }
  });

  it('calls the app’s private pages personal, and any page with a secret; the public pages are not', () => {
    for (const path of [
      '/login',
      '/role-selection',
      '/boekingen',
      '/boekingen/3/annuleren',
      '/admin/tags',
      '/admin/settings',
      '/admin/bookings',
      '/admin/activities/pending',
      '/admin/activities/new',
      '/provider/apply',
      '/provider/activities/4',
      '/activity/3?token=x',
    ]) {
      expect(isPersonalPage(at(path)), path).toBe(true);
    }
    for (const path of ['/', '/?category=markten', '/activity/3', '/kaart', '/favorieten', '/landing', '/nope']) {
      expect(isPersonalPage(at(path)), path).toBe(false);
    }
  });

  it('knows the public reads; every other API answer may be personal', () => {
    for (const path of [
      '/api/activities?lng=nl&limit=12',
      '/api/activities/3?lng=nl',
      '/api/activities/3/reviews?limit=5&offset=5',
      '/api/activities/3/tags',
      '/api/tags',
      '/api/config',
      '/api/stats',
      '/api/map?west=2&south=42.9&east=2.5&north=43.2&zoom=10&lng=nl',
    ]) {
      expect(isPublicRead(at(path)), path).toBe(true);
    }
    for (const path of [
      '/api/bookings/mine',
      '/api/bookings/3?token=x',
      '/api/auth/user',
      '/api/admin/users',
      '/api/provider/activities',
      '/api/activities/3?token=x',
    ]) {
      expect(isPublicRead(at(path)), path).toBe(false);
    }
  });
});
