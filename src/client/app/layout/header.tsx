import { Heart, LogIn, MapPinned, Search } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, Link } from '../../lib/navigation';
import { BRAND } from '../../../domain/brand';
import { useSessionUser } from '../../features/auth/api/auth-user';
import { useFavorites } from '../../features/favourites/favourites-provider';
import { LanguageSelect } from '../../features/language/language-select';
import { WeatherBoxPlaceholder } from '../../features/weather/components/weather-box-placeholder';
import { useLoginHref } from '../../lib/use-login-href';
import { deferred } from './deferred';
import { focusSearch } from './focus-search';

// The weather is not needed to use the page: its code comes when the browser is idle.
const WeatherBox = deferred(
  () => import('../../features/weather/components/weather-box').then((m) => ({ default: m.WeatherBox })),
  <WeatherBoxPlaceholder />,
);

// Only logged-in users load the menu's code.
const ProfileMenu = lazy(() => import('../../features/auth/components/profile-menu'));

export function Header() {
  const { t } = useTranslation();
  // As the server rendered it while hydrating (docs/rendering.md#hydration).
  const user = useSessionUser();
  const loginHref = useLoginHref();
  const { count } = useFavorites();
  const navigate = useNavigate();
  return (
    // Opaque: through a 90 % white, the logo's "Local" had 4.1:1 over the dark footer it slides over.
    <header className="sticky top-0 z-40 border-b border-sand-200 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
        <Link to="/" className="flex items-center gap-2 rounded-full" aria-label={t('header.home')}>
          <span className="flex h-9 w-9 items-center justify-center rounded-xl bg-terracotta-600 text-white">
            <MapPinned aria-hidden className="h-5 w-5" />
          </span>
          <span className="hidden text-lg font-bold tracking-tight text-ink-900 min-[420px]:inline">
            {BRAND.first}
            <span className="text-terracotta-600">{BRAND.second}</span>
          </span>
        </Link>
        {/* Shown from the large breakpoint on, as the box itself: below it, its margin would push the
            header wider than a 320 px screen. */}
        <div className="ml-6 hidden lg:block">
          <WeatherBox />
        </div>
        {/* Logged in: the profile menu; logged out: the providers' page and the login button. */}
        <div className="ml-auto flex items-center gap-2">
          <button
            type="button"
            className="hidden h-10 w-10 items-center justify-center rounded-full text-ink-700 hover:bg-sand-100 lg:inline-flex"
            aria-label={t('header.search')}
            onClick={() => focusSearch(navigate)}
          >
            <Search aria-hidden className="h-5 w-5" />
          </button>
          <LanguageSelect />
          <Link
            to="/favorieten"
            className="relative inline-flex h-10 w-10 items-center justify-center rounded-full text-ink-700 hover:bg-sand-100"
            aria-label={t('header.favourites', { count })}
          >
            <Heart aria-hidden className="h-5 w-5" />
            {count > 0 ? (
              <span
                aria-hidden
                className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-terracotta-600 px-1 text-[11px] font-bold text-white"
              >
                {count > 99 ? '99+' : count}
              </span>
            ) : null}
          </Link>
          {user ? (
            <Suspense fallback={<span className="h-10 w-10 rounded-full bg-sand-200" />}>
              <ProfileMenu user={user} />
            </Suspense>
          ) : (
            <>
              <Link
                to="/landing"
                className="hidden h-10 items-center rounded-full px-3 text-sm font-medium text-ink-700 hover:bg-sand-100 lg:inline-flex"
              >
                {t('header.forProviders')}
              </Link>
              <a
                href={loginHref}
                className="hidden h-10 items-center gap-2 rounded-full bg-ink-900 px-4 text-sm font-medium text-white hover:bg-ink-700 sm:inline-flex"
              >
                <LogIn aria-hidden className="h-4 w-4" />
                {t('header.login')}
              </a>
              <a
                href={loginHref}
                aria-label={t('header.login')}
                className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-ink-900 text-white sm:hidden"
              >
                <LogIn aria-hidden className="h-4 w-4" />
              </a>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
