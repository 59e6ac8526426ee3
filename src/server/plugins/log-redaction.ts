import type { FastifyRequest } from 'fastify';

/** Query parameters that log in whoever holds them (OpenID Connect), never logged. */
const SECRET_PARAMS = new Set(['code', 'state', 'id_token', 'access_token', 'session_state', 'token']);
/** Positions are logged to about a kilometre (two decimals), never to the visitor's door. */
const POSITION_PARAMS = new Set(['lat', 'lon', 'latitude', 'longitude']);

/**
 * The request URL as it may appear in a log (docs/security.md): the login
 * code and state blanked, positions rounded.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const [name, value] of [...params]) {
    if (SECRET_PARAMS.has(name)) params.set(name, '[redacted]');
    else if (POSITION_PARAMS.has(name)) {
      const n = Number(value);
      params.set(name, Number.isFinite(n) ? n.toFixed(2) : '[invalid]');
    }
  }
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}

/** What the request log says of a request (Fastify's default, with the URL redacted). */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

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
