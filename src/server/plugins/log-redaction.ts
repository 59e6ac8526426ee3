import type { FastifyRequest } from 'fastify';

/** Query parameters that log in whoever holds them (OpenID Connect) or open a link, never logged. */
const SECRET_PARAMS = new Set(['code', 'state', 'id_token', 'access_token', 'session_state', 'token']);
/**
 * Query parameters that may carry a person's details (docs/privacy.md#logs): an address, a name, a
 * phone, or the admins' search among people, never logged.
 */
const PERSONAL_PARAMS = new Set([
  'email',
  'name',
  'phone',
  'search',
  'customerName',
  'customerEmail',
  'customerPhone',
  'guestName',
  'guestEmail',
]);
/** Positions are logged to about a kilometre (two decimals), never to the visitor's door. */
const POSITION_PARAMS = new Set(['lat', 'lon', 'latitude', 'longitude']);
/** Paths that carry a secret of their own: the page of a mailed data link (docs/privacy.md#download-my-data). */
const SECRET_PATHS = [/^(\/privacy\/data\/)[^/?#]+/];

/**
 * The request URL as it may appear in a log (docs/security.md#logs, docs/privacy.md#logs): the login
 * code and state, link tokens and personal parameters blanked, positions rounded.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const pathname = SECRET_PATHS.reduce(
    (path, pattern) => path.replace(pattern, '$1[redacted]'),
    queryStart < 0 ? url : url.slice(0, queryStart),
  );
  if (queryStart < 0) return pathname;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const [name, value] of [...params]) {
    if (SECRET_PARAMS.has(name) || PERSONAL_PARAMS.has(name)) params.set(name, '[redacted]');
    else if (POSITION_PARAMS.has(name)) {
      const n = Number(value);
      params.set(name, Number.isFinite(n) ? n.toFixed(2) : '[invalid]');
    }
  }
  return `${pathname}?${params.toString()}`;
}

/**
 * What the request log says of a request: Fastify's default with the URL redacted and without the
 * client's address and port, which are personal data (docs/privacy.md#logs).
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
  };
}

/** An error as the log keeps it: what went wrong, never the values a query was given. */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** A cause or a field that is an error is written the same way, a few levels deep. */
const loggedValue = (value: unknown, depth: number): unknown =>
  isErrorLike(value) && depth < 5 ? serializeError(value, depth + 1) : value;

/** What pino takes for an error: anything with a message (errors from another realm are not `instanceof Error`). */
const isErrorLike = (value: unknown): value is Error =>
  typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';

/**
 * Errors in the log (docs/privacy.md#logs), as pino's usual shape (type, message, stack, the error's
 * own fields, its cause) but without the values of a failed query: Drizzle writes them into its
 * error's message and keeps them as `params`, and they are a booking's name, address and notes.
 */
export function serializeError(error: Error, depth = 0): LoggedError {
  // `err` is sometimes a message already (`{ err: reason }`): written as it is.
  if (!isErrorLike(error)) return error;
  const params = (error as { params?: unknown }).params;
  const hide = (text: string) =>
    Array.isArray(params) && params.length > 0
      ? text.split(`params: ${String(params)}`).join('params: [redacted]')
      : text;
  const logged: LoggedError = {
    type: error.constructor?.name || error.name,
    message: hide(error.message),
    stack: hide(error.stack ?? ''),
  };
  for (const [key, value] of Object.entries(error)) {
    if (key !== 'params' && key !== 'message' && key !== 'stack' && key !== 'cause') {
      logged[key] = loggedValue(value, depth);
    }
  }
  if (error.cause !== undefined) logged.cause = loggedValue(error.cause, depth);
  return logged;
}

/**
 * In a line of JSON: a string escape (kept whole, so that a replacement never splits one), or an
 * e-mail address.
 */
const ESCAPE_OR_ADDRESS = /\\(?:u[0-9A-Fa-f]{4}|.)|[\w.%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

/**
 * The last look at each log line before it is written (pino's `streamWrite` hook): any e-mail address
 * left in it, from a library's error message for example, is blanked (docs/privacy.md#logs). The code
 * itself logs none; this catches what it does not write itself.
 */
export function scrubLogLine(line: string): string {
  return line.replace(ESCAPE_OR_ADDRESS, (match) => (match.startsWith('\\') ? match : '[address]'));
}

/** The header that carries the request's id in every answer (docs/security.md#logs). */
export const REQUEST_ID_HEADER = 'x-request-id';

/** The longest request id of a client's that is logged. */
const CLIENT_REQUEST_ID_MAX = 100;

/**
 * A client's own request id (`X-Request-Id`) as the log may keep it, beside the id the server
 * made (docs/security.md#logs): control characters removed, cut to 100 characters; undefined
 * when none was sent. It is never the request's id, nor sent back.
 */
export function clientRequestId(header: string | string[] | undefined): string | undefined {
  const given = Array.isArray(header) ? header.join(', ') : header;
  if (given === undefined) return undefined;
  const cleaned = Array.from(given.replace(/\p{Cc}/gu, '').trim())
    .slice(0, CLIENT_REQUEST_ID_MAX)
    .join('');
  return cleaned || undefined;
}
