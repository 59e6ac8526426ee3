import { useTranslation } from 'react-i18next';
import { type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { restoreScroll, useNavigate, useNavigationType } from '../../lib/navigation';
import { useAuthUser } from '../../features/auth/api/auth-user';
import { PageSpinner } from '../page-spinner';
import { BottomNav } from './bottom-nav';
import { deferred } from './deferred';
import { Header } from './header';
import { OfflineNotice } from './offline-notice';
import { usePageTitle } from './use-page-title';

// Not needed before the page can be used: loaded when the browser is idle.
const Toaster = deferred(() => import('../../components/ui/toaster').then((m) => ({ default: m.Toaster })));
// The footer sits below the fold: it arrives with them, without shifting anything above it.
const Footer = deferred(() => import('./footer').then((m) => ({ default: m.Footer })));
const CookieBanner = deferred(() =>
  import('../../features/consent/cookie-banner').then((m) => ({ default: m.CookieBanner })),
);

/**
 * A first login whose role was never chosen goes to role selection first (docs/accounts.md#role-selection).
 * Its own component: the session's answer re-renders only this, not the page under the layout
 * (docs/rendering.md#hydration).
 */
function RoleChoiceFirst() {
  const { data: user } = useAuthUser();
  const [pathname] = useLocation();
  const navigate = useNavigate();
  const mustChooseRole = user !== undefined && user !== null && !user.roleChosen;
  useEffect(() => {
    if (mustChooseRole && pathname !== '/role-selection') void navigate('/role-selection', { replace: true });
  }, [mustChooseRole, pathname, navigate]);
  return null;
}

/** The page around every screen: header, main, footer, the bars and banners. */
export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [pathname] = useLocation();
  const navigationType = useNavigationType();
  usePageTitle();
  // Load the namespaces every screen uses alongside the shell.
  useTranslation(['activities', 'favourites']);

  // A new page starts at the top, with focus on it for screen readers and keyboard users.
  // Only a change of path counts: changing filters (the query) keeps scroll and focus. Back/forward
  // (POP) returns to where the page was when it was left, once it is drawn (the browser's own
  // restoration comes before that, and falls short when the page left was shorter).
  const lastPath = useRef(pathname);
  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
    else restoreScroll();
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname, navigationType]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-[100] rounded-full bg-white px-4 py-2 text-sm font-semibold text-ink-900 shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        {t('a11y.skipToContent')}
      </a>
      <RoleChoiceFirst />
      <Header />
      <OfflineNotice />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Suspense fallback={<PageSpinner />}>{children}</Suspense>
      </main>
      <Footer />
      <BottomNav />
      <CookieBanner />
      <Toaster />
    </div>
  );
}
