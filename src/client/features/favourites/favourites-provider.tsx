import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useBrowserValue } from '../../lib/use-hydrated';

export const FAVOURITES_STORAGE_KEY = 'discoverlocal-favorites';

/**
 * Reads the stored favourites (docs/product.md#favourites: they survive reloads). A value
 * that is not a JSON array of ids is removed, logged, and read as empty.
 */
export function readStoredFavourites(storage: Storage = localStorage): number[] {
  let raw: string | null;
  try {
    raw = storage.getItem(FAVOURITES_STORAGE_KEY);
  } catch {
    return [];
  }
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) throw new Error('not an array');
    return [...new Set(parsed.filter((id): id is number => Number.isInteger(id) && id > 0))];
  } catch (error) {
    console.warn('Fout bij het lezen van opgeslagen favorieten; de lijst wordt gewist.', error);
    storage.removeItem(FAVOURITES_STORAGE_KEY);
    return [];
  }
}

function writeStoredFavourites(ids: number[]) {
  try {
    if (ids.length === 0) localStorage.removeItem(FAVOURITES_STORAGE_KEY);
    else localStorage.setItem(FAVOURITES_STORAGE_KEY, JSON.stringify(ids));
  } catch {
    // Full or unavailable storage: favourites last for this visit only.
  }
}

interface FavouritesValue {
  favourites: number[];
  count: number;
  isFavourite: (id: number) => boolean;
  toggleFavourite: (id: number) => void;
  clearFavourites: () => void;
}

const NONE: number[] = [];

/** What the provider shares: the device's list, which the server does not know. */
type FavouritesStore = Pick<FavouritesValue, 'favourites' | 'toggleFavourite' | 'clearFavourites'>;

const FavouritesContext = createContext<FavouritesStore | null>(null);

export function FavouritesProvider({ children }: { children: ReactNode }) {
  const [favourites, setFavourites] = useState<number[]>(() => {
    const stored = typeof localStorage === 'undefined' ? NONE : readStoredFavourites();
    // The very list hydration used when the device has none: then hydrating changes nothing.
    return stored.length > 0 ? stored : NONE;
  });

  // Another tab changed the list: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      // As a transition: see docs/rendering.md#results-later.
      if (event.key === FAVOURITES_STORAGE_KEY || event.key === null)
        startTransition(() => setFavourites(readStoredFavourites()));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const toggleFavourite = useCallback((id: number) => {
    setFavourites((current) => {
      const next = current.includes(id) ? current.filter((x) => x !== id) : [...current, id];
      writeStoredFavourites(next);
      return next;
    });
  }, []);

  const clearFavourites = useCallback(() => {
    writeStoredFavourites([]);
    setFavourites([]);
  }, []);

  const store = useMemo(
    () => ({ favourites, toggleFavourite, clearFavourites }),
    [favourites, toggleFavourite, clearFavourites],
  );
  return <FavouritesContext.Provider value={store}>{children}</FavouritesContext.Provider>;
}

/**
 * The favourites, for one component. The server renders without the device's list, and hydration
 * must see the same (docs/rendering.md#what-waits-for-the-browser): each component shows the
 * device's list once hydrated. The provider's value does not change at hydration, and a device
 * without favourites re-renders nothing (docs/rendering.md#hydration). A component that must tell
 * "no favourites" from "not read yet" asks `useHydrated` too.
 */
export function useFavorites(): FavouritesValue {
  const store = useContext(FavouritesContext);
  if (!store) throw new Error('useFavorites must be used within a FavoritesProvider');
  const favourites = useBrowserValue(store.favourites, NONE);
  const { toggleFavourite, clearFavourites } = store;
  return useMemo(
    () => ({
      favourites,
      count: favourites.length,
      isFavourite: (id) => favourites.includes(id),
      toggleFavourite,
      clearFavourites,
    }),
    [favourites, toggleFavourite, clearFavourites],
  );
}
