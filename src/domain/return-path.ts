/**
 * Where a login may send the browser back to: a page of this site, given as
 * a path. Never another site (`//evil.example`, `/\evil.example`), never the
 * API, never control characters. Without zod, so the client uses it too.
 */
export const RETURN_PATH_MAX_LENGTH = 500;

export function isReturnPath(value: string): boolean {
  return (
    value.length <= RETURN_PATH_MAX_LENGTH &&
    /^\/(?![/\\])/.test(value) &&
    !/^\/api(?:[/?#]|$)/.test(value) &&
    // eslint-disable-next-line no-control-regex
    !/[\u0000-\u001f\u007f\\]/.test(value)
  );
}

/** The login link that comes back to `returnTo` afterwards (the home page needs no parameter). */
export function loginPath(returnTo?: string | null): string {
  return returnTo && returnTo !== '/' && isReturnPath(returnTo)
    ? `/api/login?returnTo=${encodeURIComponent(returnTo)}`
    : '/api/login';
}
