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
 * The OpenID Connect authorization-code flow with PKCE (DECISIONS 14), over
 * openid-client. Discovery happens at the first login and is kept; a failed
 * discovery is tried again next time.
 */
export function createOidc(oidc: NonNullable<AuthConfig['oidc']>, redirectUri: string) {
  let configuration: Promise<client.Configuration> | null = null;
  const issuer = new URL(oidc.issuerUrl);

  const discover = () => {
    configuration ??= client
      .discovery(issuer, oidc.clientId, oidc.clientSecret, undefined, {
        // Plain http only for an issuer on this machine (tests, local identity providers).
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
      const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
      return {
        issuer: idClaims.iss,
        subject: idClaims.sub,
        email: text(claims.email),
        emailVerified: claims.email_verified === true,
        firstName: text(claims.given_name) ?? text(claims.name),
        lastName: text(claims.family_name),
        picture: text(claims.picture),
      };
    },
  };
}

export type Oidc = ReturnType<typeof createOidc>;
