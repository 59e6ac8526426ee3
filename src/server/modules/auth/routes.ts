import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authSessionSchema,
  authUserSchema,
  DEMO_ACCOUNTS,
  loginQuery,
  providerApplicationBody,
  roleChoiceBody,
} from '../../../domain/auth.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import {
  LOGIN_SESSION_MAX_AGE_MS,
  SESSION_COOKIE,
  SESSION_COOKIE_PATH,
  SESSION_MAX_AGE_MS,
  sessionOf,
} from '../../plugins/auth.js';
import { apiErrorSchema } from '../../plugins/openapi.js';
import type { Oidc } from './oidc.js';
import * as repo from './repository.js';
import { presentUser } from './presenter.js';
import * as service from './service.js';

/** Login, callback and demo login are rate-limited per address. */
const LOGIN_RATE_LIMIT = { max: 20, timeWindow: '1 minute' };

export const authRoutes =
  (deps: Pick<Deps, 'db' | 'config' | 'clock' | 'site' | 'outbox'>, oidc: Oidc | null): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config, clock } = deps;
    const { auth } = config;
    app.get(
      '/login',
      {
        config: { access: 'public', rateLimit: LOGIN_RATE_LIMIT, startsSession: true },
        schema: {
          tags: ['auth'],
          summary: 'Start logging in (browser navigation)',
          description:
            'Redirects to the identity provider (OpenID Connect, PKCE) when one is configured, else to the demo portal /login. Afterwards the browser comes back to `returnTo`.',
          querystring: loginQuery,
          response: {
            302: z.null().describe('Redirect'),
            400: apiErrorSchema,
            429: apiErrorSchema,
            503: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const { returnTo } = request.query;
        if (!oidc) {
          return reply.redirect(returnTo ? `/login?returnTo=${encodeURIComponent(returnTo)}` : '/login', 302);
        }
        let started;
        try {
          started = await oidc.start();
        } catch (err) {
          request.log.error({ err }, 'the identity provider cannot be reached');
          return reply.redirect('/login?error=provider_unavailable', 302);
        }
        const { url, state, codeVerifier, nonce } = started;
        // The login under way lives minutes; the session of the logged-in user gets its month at the callback.
        request.session.options({ maxAge: LOGIN_SESSION_MAX_AGE_MS });
        request.session.set('oidc', { state, codeVerifier, nonce, returnTo });
        return reply.redirect(url, 302);
      },
    );

    app.get(
      '/callback',
      {
        config: { access: 'public', rateLimit: LOGIN_RATE_LIMIT, startsSession: true },
        schema: {
          tags: ['auth'],
          summary: 'Where the identity provider returns (browser navigation)',
          // What an identity provider sends back (RFC 6749 4.1.2, RFC 9207); anything else is passed on untouched.
          querystring: z
            .object({
              code: z.string().optional(),
              state: z.string().optional(),
              iss: z.string().optional(),
              error: z.string().optional(),
              error_description: z.string().optional(),
            })
            .catchall(z.string()),
          response: { 302: z.null().describe('Redirect'), 429: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const expected = request.session.get('oidc');
        if (!oidc || !expected) return reply.redirect('/login?error=login_failed', 302);
        let claims;
        try {
          claims = await oidc.finish(new URL(request.url, auth.publicUrl), expected);
        } catch (err) {
          request.log.warn({ err }, 'OpenID Connect callback refused');
          request.session.set('oidc', undefined);
          return reply.redirect('/login?error=login_failed', 302);
        }
        // Whatever fails from here on ends at the login page too, never at a 500 (docs/security.md).
        let user;
        try {
          user = await service.userFromClaims(db, claims, clock.now());
          // A new session id at login (docs/accounts.md): a session fixed before login is useless after it.
          await request.session.regenerate();
        } catch (err) {
          request.log.error({ err }, 'OpenID Connect login could not be completed');
          request.session.set('oidc', undefined);
          return reply.redirect('/login?error=login_failed', 302);
        }
        request.session.options({ maxAge: SESSION_MAX_AGE_MS });
        request.session.set('userId', user.id);
        // A first login chooses a role first; a returning one goes back to where it started.
        return reply.redirect(user.roleChosenAt ? (expected.returnTo ?? '/') : '/role-selection', 302);
      },
    );

    app.post(
      '/logout',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'End the session',
          description:
            'A POST from our own pages (the cross-site check applies), so that no link or image on another site can log anyone out.',
          response: { 204: z.null().describe('Logged out'), 403: apiErrorSchema },
        },
      },
      async (request, reply) => {
        // A caller without a session cookie has no session to end (plugins/auth.ts).
        await sessionOf(request)?.destroy();
        // Drop the cookie too, so the browser stops sending a dead session id.
        reply.clearCookie(SESSION_COOKIE, { path: SESSION_COOKIE_PATH });
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/demo/login/:account',
      {
        config: { access: 'public', rateLimit: LOGIN_RATE_LIMIT, startsSession: true },
        schema: {
          tags: ['auth'],
          summary: 'Log in as a demo account',
          description:
            'Only where the demo logins are on: a local run, or DEMO_LOGIN=true (docs/security.md#demo-login). Otherwise a 404.',
          params: z.strictObject({
            account: z.enum(DEMO_ACCOUNTS, { error: `must be one of ${DEMO_ACCOUNTS.join(', ')}` }),
          }),
          response: { 200: authUserSchema, 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
        },
      },
      async (request) => {
        if (!auth.demoLogin) throw new AppError('NOT_FOUND', 'Demo login is not enabled');
        const user = await service.demoUser(db, request.params.account, clock.now());
        await request.session.regenerate();
        request.session.options({ maxAge: SESSION_MAX_AGE_MS });
        request.session.set('userId', user.id);
        const found = await repo.findUser(db, user.id);
        return presentUser(user, found?.providerStatus ?? null);
      },
    );

    app.get(
      '/auth/user',
      {
        config: { access: 'user' },
        schema: {
          tags: ['auth'],
          summary: 'The logged-in user',
          response: { 200: authUserSchema, 401: apiErrorSchema },
        },
      },
      async (request) => {
        const user = request.user;
        if (!user) throw new AppError('UNAUTHENTICATED', 'Log in to do this');
        return presentUser(user, request.principal?.providerStatus ?? null);
      },
    );

    // The web client's question "who is logged in?": a visitor with no session is an answer, not an
    // error, so it is a 200 with no user and a browser logs no failed request (docs/accounts.md).
    app.get(
      '/auth/session',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Who is logged in: the user, or null when nobody is (never a 401)',
          response: { 200: authSessionSchema },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        const user = request.user;
        return { user: user ? presentUser(user, request.principal?.providerStatus ?? null) : null };
      },
    );

    app.post(
      '/auth/role',
      {
        config: { access: 'newUser' },
        schema: {
          tags: ['auth'],
          summary: 'Choose visitor or provider after the first login (once)',
          body: roleChoiceBody,
          response: {
            200: authUserSchema,
            400: apiErrorSchema,
            401: apiErrorSchema,
            403: apiErrorSchema,
            409: apiErrorSchema,
          },
        },
      },
      async (request) => {
        const user = request.user;
        if (!user) throw new AppError('UNAUTHENTICATED', 'Log in to do this');
        const chosen = await service.chooseRole(deps, user.id, request.body);
        deps.outbox.notify();
        return chosen;
      },
    );

    app.post(
      '/provider/application',
      {
        config: { access: 'user' },
        schema: {
          tags: ['auth'],
          summary: 'Apply to become a provider (a logged-in visitor, once)',
          description:
            'The account becomes a provider whose application waits for an admin (`providerStatus: pending`), and the team is mailed. Needs a verified e-mail address (400 `EMAIL_NOT_VERIFIED`); a provider, pending or decided, or an account that applied before gets 409 `ALREADY_PROVIDER`, an admin 409 `ALREADY_ADMIN` (docs/accounts.md#becoming-a-provider).',
          body: providerApplicationBody,
          response: {
            200: authUserSchema,
            400: apiErrorSchema,
            401: apiErrorSchema,
            403: apiErrorSchema,
            409: apiErrorSchema,
          },
        },
      },
      async (request) => {
        const user = request.user;
        if (!user) throw new AppError('UNAUTHENTICATED', 'Log in to do this');
        const applied = await service.applyAsProvider(deps, user.id, request.body);
        deps.outbox.notify();
        return applied;
      },
    );
  };
