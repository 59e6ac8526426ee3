/**
 * Where a login may send the browser back to: a page of this site. The value
 * is resolved the way a browser would resolve it (`new URL` against a fixed
 * origin), so dot segments, backslashes and encodings cannot hide another
 * site or the API; what comes back is the normalized path, percent-encoded.
 * Without zod, so the client uses it too (docs/security.md).
 */
export const RETURN_PATH_MAX_LENGTH = 500;

/** Any origin works: only whether the value stays on it matters. */
const PROBE_ORIGIN = 'https://return-path.invalid';

/** The normalized, percent-encoded path of `value`, or null when it is not a page of this site. */
export function normalizeReturnPath(value: string): string | null {
  // A path, written as one: not `//host`, not `/\host`, no scheme, no control characters.
  // eslint-disable-next-line no-control-regex
  if (!/^\/(?![/\\])/.test(value) || /[\u0000-\u001f\u007f\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  // Dot segments resolved and `%2e` decoded by the URL parser, then checked on the result.
  let decodedPath: string;
  try {
    decodedPath = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (/^\/api(?:[/?#]|$)/i.test(url.pathname) || /^\/api(?:\/|$)/i.test(decodedPath)) return null;
  const normalized = `${url.pathname}${url.search}${url.hash}`;
  return normalized.length <= RETURN_PATH_MAX_LENGTH ? normalized : null;
}

export function isReturnPath(value: string): boolean {
  return normalizeReturnPath(value) !== null;
}

/** The login link that comes back to `returnTo` afterwards (the home page needs no parameter). */
export function loginPath(returnTo?: string | null): string {
  const path = returnTo ? normalizeReturnPath(returnTo) : null;
  return path && path !== '/' ? `/api/login?returnTo=${encodeURIComponent(path)}` : '/api/login';
}
