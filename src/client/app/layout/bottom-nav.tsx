import { Heart, Home, Map as MapIcon, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';
import { cn } from '../../lib/cn';
import { focusSearch } from './focus-search';

const itemClass = (active: boolean) =>
  cn(
    'flex h-full flex-col items-center justify-center gap-1 text-xs font-medium transition-colors',
    active ? 'text-terracotta-700' : 'text-ink-600 hover:text-ink-900',
  );

/** Below the large breakpoint: Home, Search, Map, Favourites (docs/product.md#screens). */
export function BottomNav() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <nav
      aria-label={t('nav.label')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-sand-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
    >
      <ul className="grid h-16 grid-cols-4">
        <li>
          <NavLink to="/" end className={({ isActive }) => itemClass(isActive)}>
            <Home aria-hidden className="h-5 w-5" />
            {t('nav.home')}
          </NavLink>
        </li>
        <li>
          <button type="button" className={cn(itemClass(false), 'w-full')} onClick={() => focusSearch(navigate)}>
            <Search aria-hidden className="h-5 w-5" />
            {t('nav.search')}
          </button>
        </li>
        <li>
          <NavLink to="/kaart" className={({ isActive }) => itemClass(isActive)}>
            <MapIcon aria-hidden className="h-5 w-5" />
            {t('nav.map')}
          </NavLink>
        </li>
        <li>
          <NavLink to="/favorieten" className={({ isActive }) => itemClass(isActive)}>
            <Heart aria-hidden className="h-5 w-5" />
            {t('nav.favourites')}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
