import fastifyCookie from '@fastify/cookie';
import fastifySession, { type FastifySessionObject } from '@fastify/session';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { isLanguage } from '../../domain/languages.js';
import { type AccessLevel, allows, type Principal } from '../../domain/policies.js';

import type { Db } from '../db/client.js';
import { AppError } from '../errors.js';
import { findUser, setUserLanguage, type UserRow } from '../modules/auth/repository.js';
import { DbSessionStore } from '../modules/auth/session-store.js';
import { principalOf } from '../modules/auth/presenter.js';

export const SESSION_COOKIE = 'dl_session';
/** Only the API reads the session: pages, scripts and images never send the cookie. */
export const SESSION_COOKIE_PATH = '/api';
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** A login under way (the OpenID Connect state) needs minutes, not a month. */
export const LOGIN_SESSION_MAX_AGE_MS = 10 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

declare module 'fastify' {
  interface Session {
    userId?: string;
    /** An OpenID Connect login under way: what the callback must check. */
    oidc?: { state: string; codeVerifier: string; nonce: string; returnTo?: string };
  }
  interface FastifyRequest {
    /** The logged-in user, loaded once per request (null when anonymous). */
    user: UserRow | null;
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route (docs/permissions.md); every route declares it. */
    access?: AccessLevel;
    /**
     * The route may begin a session for a caller without a session cookie (the logins); on every
     * other route such a request gets no session at all (`sessionOf`).
     */
    startsSession?: boolean;
  }
}

/** The header in which the web app names the language its page is shown in (docs/mail.md#language). */
export const SITE_LANGUAGE_HEADER = 'x-site-language';

/**
 * Keeps the language a logged-in user last used on the site, so that mails reach them in it
 * (docs/mail.md#language). Written only when it changes; a failure to write it fails nothing.
 */
async function rememberLanguage(db: Db, request: FastifyRequest, user: UserRow) {
  const sent = request.headers[SITE_LANGUAGE_HEADER];
  if (typeof sent !== 'string' || !isLanguage(sent) || sent === user.language) return;
  try {
    await setUserLanguage(db, user.id, sent);
  } catch (err) {
    request.log.warn({ err }, 'could not remember the site language');
  }
}

export interface AuthPluginOptions {
  db: Db;
  secret: string;
  secureCookies: boolean;
}

type OnRequestHook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/**
 * @fastify/session as registered, except that its request hook runs only for a request that
 * carries the session cookie or whose route starts a session (`config.startsSession`). The plugin
 * makes a session for every other request too (a random id signed with HMAC, a hash of its
 * contents, a cookie object), only to drop it unsaved: about a tenth of the CPU of a public read
 * (docs/benchmarks.md). Such a request keeps `request.session` null and the plugin's answer hook
 * skips it; nothing is looked up, made or sent.
 */
const sessionsWhereNeeded = fp(
  (instance: FastifyInstance, options: FastifySessionOptions, done: (err?: Error) => void) => {
    const onlyWhereNeeded =
      (hook: OnRequestHook): OnRequestHook =>
      (request, reply, next) => {
        if (request.cookies[SESSION_COOKIE] === undefined && request.routeOptions.config.startsSession !== true) {
          next();
          return;
        }
        hook(request, reply, next);
      };
    let requestHooks = 0;
    const facade = new Proxy(instance, {
      get(target, key) {
        if (key === 'addHook') {
          return (name: string, hook: OnRequestHook) => {
            if (name === 'onRequest') {
              requestHooks++;
              target.addHook('onRequest', onlyWhereNeeded(hook));
            } else {
              target.addHook(name as 'onSend', hook as never);
            }
            return facade;
          };
        }
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    fastifySession(facade, options, (err?: Error) => {
      // The plugin as this wraps it has one request hook, which makes or loads the session; another
      // version may not: better not to start than to skip what it does.
      if (!err && requestHooks !== 1) {
        done(new Error(`@fastify/session added ${requestHooks} request hooks, not 1: check sessionsWhereNeeded`));
        return;
      }
      done(err);
    });
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
);
type FastifySessionOptions = Parameters<typeof fastifySession>[1];

/**
 * The request's session: null for a request without a session cookie, unless its route starts
 * one (`config.startsSession`), and for requests outside the cookie's path.
 */
export function sessionOf(request: FastifyRequest): FastifySessionObject | null {
  const session = request.session as FastifySessionObject | null;
  return session && hasSession(request) ? session : null;
}

/**
 * Sessions in the database, in an HttpOnly SameSite=Lax cookie (Secure
 * whenever the app is reached over https). Anonymous visitors get no session,
 * no cookie and no write (saveUninitialized: false); a request without the
 * cookie does no session work at all, except on the routes that log in
 * (`sessionsWhereNeeded`). Session ids are stored as keyed hashes. Every
 * route declares `config.access` (plugins/access.ts); the guard runs before
 * validation, so callers learn 401/403 before 400.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, { db, secret, secureCookies }: AuthPluginOptions) => {
    const store = new DbSessionStore(db, secret);
    await app.register(fastifyCookie);
    await app.register(sessionsWhereNeeded, {
      secret,
      cookieName: SESSION_COOKIE,
      store,
      saveUninitialized: false,
      rolling: false,
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies,
        path: SESSION_COOKIE_PATH,
        maxAge: SESSION_MAX_AGE_MS,
      },
    });

    // A cookie that names no live session (ended, expired, rotated at login,
    // or forged) is ignored, not cleared: a slow request still carrying the
    // cookie from before a login must not answer with a Set-Cookie that wipes
    // the cookie the login has just set.
    app.addHook('onRequest', (request, _reply, done) => {
      const sent = request.cookies[SESSION_COOKIE];
      const session = sent === undefined ? null : sessionOf(request);
      if (session && session.sessionId !== sent?.slice(0, sent.lastIndexOf('.')))
        delete request.cookies[SESSION_COOKIE];
      done();
    });

    app.decorateRequest('user', null);
    app.decorateRequest('principal', null);

    /** Who is calling: the session's user, loaded once per request. */
    async function loadUser(request: FastifyRequest, session: FastifySessionObject, userId: string) {
      const found = await findUser(db, userId);
      if (found) {
        request.user = found.user;
        request.principal = principalOf(found.user, found.providerStatus);
        await rememberLanguage(db, request, found.user);
      } else {
        // The account is gone: forget the session.
        await session.destroy();
      }
    }

    // A callback hook, not an async one: a request without a session (every anonymous read) goes
    // through it without a promise.
    app.addHook('preValidation', (request, _reply, done) => {
      const session = sessionOf(request);
      const userId = session?.get('userId');
      if (session && userId) {
        loadUser(request, session, userId).then(() => done(guard(request)), done);
      } else {
        done(guard(request));
      }
    });
    const pruner = setInterval(() => {
      store.prune().catch((err: unknown) => app.log.warn({ err }, 'could not prune expired sessions'));
    }, PRUNE_EVERY_MS);
    pruner.unref();
    app.addHook('onClose', async () => clearInterval(pruner));
  },
  { name: 'auth', dependencies: ['errors'] },
);

/** Whether the caller may call the route (docs/permissions.md): an error to answer with, or undefined. */
function guard(request: FastifyRequest): AppError | undefined {
  // No route matched: the 404 handler answers, whoever asks.
  if (request.is404) return undefined;
  const access = request.routeOptions.config.access;
  // Never public by default: the start-up check makes this unreachable, and it stays shut.
  if (!access) return new AppError('FORBIDDEN', 'This route declares no access level');
  if (access === 'public') return undefined;
  if (!request.principal) return new AppError('UNAUTHENTICATED', 'Log in to do this');
  if (!allows(access, request.principal)) {
    if (access === 'newUser') return new AppError('ROLE_ALREADY_CHOSEN', 'Your role was already chosen');
    return new AppError('FORBIDDEN', 'You are not allowed to do this');
  }
  return undefined;
}

/** Requests outside the cookie's path (pages, assets) carry no session at all. */
function hasSession(request: FastifyRequest): boolean {
  return request.url.startsWith(`${SESSION_COOKIE_PATH}/`);
}

/** The caller of a route whose access level already required a login. */
export function principalOfRequest(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHENTICATED', 'Log in to do this');
  return request.principal;
}
