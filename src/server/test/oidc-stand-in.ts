import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';

export interface OidcStandIn {
  issuer: string;
  /** Changes what the provider says of an account from now on (e.g. another e-mail, unverified). */
  setClaims(account: string, claims: Record<string, unknown>): void;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (node-oidc-provider) on loopback, with its
 * development login and consent forms: any login name is an account whose
 * e-mail is `<name>@example.com`, verified unless the name starts with "unverified"
 * (or as `setClaims` says).
 */
export async function startOidcStandIn({
  clientId,
  clientSecret,
  redirectUri,
  port = 0,
}: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  port?: number;
}): Promise<OidcStandIn> {
  const server: Server = createServer();
  const overrides = new Map<string, Record<string, unknown>>();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name', 'picture'],
    },
    cookies: { keys: ['stand-in-cookie-key-0123456789'] },
    features: { devInteractions: { enabled: true } },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({
        sub,
        email: `${sub}@example.com`,
        email_verified: !sub.startsWith('unverified'),
        given_name: sub.charAt(0).toUpperCase() + sub.slice(1),
        family_name: 'Test',
        ...overrides.get(sub),
      }),
    }),
  });
  server.on('request', provider.callback());
  return {
    issuer,
    setClaims: (account, claims) => overrides.set(account, claims),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A tiny cookie jar for following the provider's redirects with fetch. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Plays the browser at the identity provider: follows the authorization URL,
 * logs in as `account` and consents, and returns where the provider sends
 * the browser back (the app's callback URL with code and state).
 */
export async function authorizeAt(authorizationUrl: string, account: string): Promise<URL> {
  const jar = new CookieJar();
  let url = new URL(authorizationUrl);
  for (let step = 0; step < 12; step++) {
    const page = await fetch(url, { headers: { cookie: jar.header() }, redirect: 'manual' });
    jar.store(page);
    const location = page.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.pathname.endsWith('/api/callback')) return next;
      url = next;
      continue;
    }
    const html = await page.text();
    const prompt = html.includes('name="login"') ? 'login' : html.includes('consent') ? 'consent' : null;
    if (!prompt) throw new Error(`unexpected page at ${url}: ${html.slice(0, 200)}`);
    const form = new URLSearchParams({ prompt, ...(prompt === 'login' ? { login: account, password: 'x' } : {}) });
    const answer = await fetch(url, {
      method: 'POST',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
      redirect: 'manual',
    });
    jar.store(answer);
    const after = answer.headers.get('location');
    if (!after) throw new Error(`no redirect after ${prompt}`);
    url = new URL(after, url);
  }
  throw new Error('too many steps at the identity provider');
}
