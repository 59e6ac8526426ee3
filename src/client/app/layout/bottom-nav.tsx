import { Heart, Home, Map as MapIcon, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { cn } from '../../lib/cn';
import { useNavigate, Link } from '../../lib/navigation';
import { focusSearch } from './focus-search';

const itemClass = (active: boolean) =>
  cn(
    'flex h-full flex-col items-center justify-center gap-1 text-xs font-medium transition-colors',
    active ? 'text-terracotta-700' : 'text-ink-600 hover:text-ink-900',
  );

/** A link of the bar, marked as the current page where it is. */
function NavItem({ to, children }: { to: string; children: ReactNode }) {
  const [pathname] = useLocation();
  // "/kaart/" is the map page too.
  const active = pathname.replace(/(.)\/+$/, '$1') === to;
  return (
    <Link to={to} aria-current={active ? 'page' : undefined} className={itemClass(active)}>
      {children}
    </Link>
  );
}

/** Below the large breakpoint: Home, Search, Map, Agenda, Favourites (docs/product.md#screens). */
export function BottomNav() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <nav
      aria-label={t('nav.label')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-sand-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
    >
      <ul className="grid h-16 grid-cols-5">
        <li>
          <NavItem to="/">
            <Home aria-hidden className="h-5 w-5" />
            {t('nav.home')}
          </NavItem>
        </li>
        <li>
          <button type="button" className={cn(itemClass(false), 'w-full')} onClick={() => focusSearch(navigate)}>
            <Search aria-hidden className="h-5 w-5" />
            {t('nav.search')}
          </button>
        </li>
        <li>
          <NavItem to="/kaart">
            <MapIcon aria-hidden className="h-5 w-5" />
            {t('nav.map')}
          </NavItem>
        </li>
        <li>
          <NavItem to="/agenda">
            {/* A calendar page drawn with borders: an icon's code would cost the overview's budget (docs/benchmarks.md). */}
            <span className="h-5 w-5 rounded border-2 border-t-4" />
            {t('nav.agenda')}
          </NavItem>
        </li>
        <li>
          <NavItem to="/favorieten">
            <Heart aria-hidden className="h-5 w-5" />
            {t('nav.favourites')}
          </NavItem>
        </li>
      </ul>
    </nav>
  );
}
