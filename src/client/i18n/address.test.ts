import { afterEach, describe, expect, it } from 'vitest';
import { CONSENT_STORAGE_KEY } from '../lib/consent';
import { keepLanguageInAddress } from './address';

afterEach(() => {
  window.history.replaceState(null, '', '/');
  localStorage.clear();
});

describe('the address keeps the chosen language for a reload (docs/rendering.md#languages)', () => {
  it('carries it when no cookie may', () => {
    window.history.replaceState({ kept: 1 }, '', '/kaart?category=sport');
    keepLanguageInAddress('fr');
    expect(window.location.pathname + window.location.search).toBe('/kaart?category=sport&lng=fr');
    expect(window.history.state).toEqual({ kept: 1 });
    localStorage.setItem(CONSENT_STORAGE_KEY, 'declined');
    keepLanguageInAddress('de');
    expect(window.location.search).toBe('?category=sport&lng=de');
  });

  it('leaves it to the cookie once cookies are accepted, but never keeps a stale ?lng=', () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, 'accepted');
    window.history.replaceState(null, '', '/activity/3');
    keepLanguageInAddress('es');
    expect(window.location.search).toBe('');
    window.history.replaceState(null, '', '/activity/3?lng=fr');
    keepLanguageInAddress('es');
    expect(window.location.search).toBe('?lng=es');
  });
});
