import { useCurrentLocation } from './navigation';
import { loginPath } from '../../domain/return-path';

/** Pages a login should not come back to: the login portal itself and the role choice. */
const NO_RETURN = ['/login', '/role-selection'];

/** The login link for this page: after logging in, the visitor comes back here. */
export function useLoginHref(): string {
  const { pathname, search } = useCurrentLocation();
  return NO_RETURN.includes(pathname) ? loginPath() : loginPath(pathname + search);
}
