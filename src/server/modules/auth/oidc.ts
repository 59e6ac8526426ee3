import * as client from 'openid-client';
import type { AuthConfig } from '../../config.js';
import { serviceUnavailable } from '../../errors.js';

export interface OidcClaims {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  picture: string | null;
}

/**
 * The OpenID Connect authorization-code flow with PKCE (docs/accounts.md#login), over
 * openid-client. Discovery happens at the first login and is kept; a failed
 * discovery is tried again next time.
 */
export function createOidc(oidc: NonNullable<AuthConfig['oidc']>, redirectUri: string) {
  let configuration: Promise<client.Configuration> | null = null;
  const issuer = new URL(oidc.issuerUrl);

  const discover = () => {
    configuration ??= client
      .discovery(issuer, oidc.clientId, oidc.clientSecret, undefined, {
        // Plain http only for an issuer on this machine (config.ts refuses it anywhere else).
        execute: issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        configuration = null;
        throw serviceUnavailable(`The identity provider cannot be reached: ${(error as Error).message}`);
      });
    return configuration;
  };

  return {
    /** Where to send the browser, and what the callback must check. */
    async start() {
      const config = await discover();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, state, codeVerifier, nonce };
    },

    /** Exchanges the code; throws when the state, the nonce or anything else does not match. */
    async finish(
      callbackUrl: URL,
      expected: { state: string; codeVerifier: string; nonce: string },
    ): Promise<OidcClaims> {
      const config = await discover();
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('no ID token claims');
      // Providers may keep profile claims out of the ID token: ask userinfo (checked against the same subject).
      const userinfo = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      const claims = { ...idClaims, ...userinfo };
      return claimsFromProvider(idClaims.iss, idClaims.sub, claims);
    },
  };
}

export type Oidc = ReturnType<typeof createOidc>;

/** Longest values the users table keeps (schema/users.ts). */
const NAME_MAX = 100;
const EMAIL_MAX = 320;
const SUBJECT_MAX = 255;
const PICTURE_MAX = 2000;

/** Control characters (C0, DEL, C1): PostgreSQL cannot store NUL, and none belongs in a name or an address. */
const CONTROL = /\p{Cc}/u;
const CONTROLS = /\p{Cc}/gu;

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
/** Text that must be kept exactly (an address, a URL): null when it holds a control character. */
const exact = (value: unknown) => {
  const given = text(value);
  return given === null || CONTROL.test(given) ? null : given;
};
/**
 * A name without control characters (a line break or tab becomes a space, the rest goes), cut to
 * what the table keeps (by characters, never inside a surrogate pair).
 */
const name = (value: unknown) => {
  if (typeof value !== 'string') return null;
  const cleaned = value.replace(CONTROLS, (c) => (/\s/.test(c) ? ' ' : '')).replace(/\s+/g, ' ');
  const given = text(cleaned);
  return given === null ? null : Array.from(given).slice(0, NAME_MAX).join('');
};

/**
 * What the app keeps of the provider's claims, each checked and bounded: a
 * claim the app cannot store is cleaned, dropped or cut, never a failed login
 * with a 500 (docs/security.md#claims-from-the-identity-provider). A subject
 * too long to store, or holding a control character, refuses the login: it is
 * the account's key, and a cleaned one could be someone else's.
 */
export function claimsFromProvider(issuer: string, subject: string, claims: Record<string, unknown>): OidcClaims {
  if (!subject || subject.length > SUBJECT_MAX || CONTROL.test(subject)) {
    throw new Error('the subject claim is missing, too long or holds a control character');
  }
  const email = exact(claims.email);
  const picture = exact(claims.picture);
  return {
    issuer,
    subject,
    email: email && email.length <= EMAIL_MAX && /^[^\s@]+@[^\s@]+$/.test(email) ? email : null,
    emailVerified: claims.email_verified === true,
    firstName: name(claims.given_name) ?? name(claims.name),
    lastName: name(claims.family_name),
    picture: picture && picture.length <= PICTURE_MAX && /^https:\/\//.test(picture) ? picture : null,
  };
}
