/** Cookie consent, stored on the device as 'accepted' or 'declined' (docs/product.md#cookie-consent). */
export const CONSENT_STORAGE_KEY = 'discoverlocal-cookie-consent';
export type Consent = 'accepted' | 'declined';

export function readConsent(): Consent | null {
  try {
    const value = localStorage.getItem(CONSENT_STORAGE_KEY);
    return value === 'accepted' || value === 'declined' ? value : null;
  } catch {
    return null;
  }
}

export function storeConsent(consent: Consent) {
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, consent);
  } catch {
    // Without storage the banner simply asks again next time.
  }
}

export const hasAcceptedCookies = () => readConsent() === 'accepted';
