import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FAVOURITES_STORAGE_KEY, FavouritesProvider, useFavorites } from './favourites-provider';

const wrapper = ({ children }: { children: ReactNode }) => <FavouritesProvider>{children}</FavouritesProvider>;
const stored = () => localStorage.getItem(FAVOURITES_STORAGE_KEY);

describe('favourites', () => {
  it('toggles: adds when absent, removes when present, saved at once', () => {
    const { result } = renderHook(() => useFavorites(), { wrapper });
    expect(result.current.count).toBe(0);
    act(() => result.current.toggleFavourite(3));
    act(() => result.current.toggleFavourite(7));
    expect(result.current.favourites).toEqual([3, 7]);
    expect(result.current.isFavourite(3)).toBe(true);
    expect(result.current.count).toBe(2);
    expect(stored()).toBe('[3,7]');
    act(() => result.current.toggleFavourite(3));
    expect(result.current.favourites).toEqual([7]);
    expect(result.current.isFavourite(3)).toBe(false);
    expect(stored()).toBe('[7]');
  });

  it('clears the list and deletes the stored entry', () => {
    const { result } = renderHook(() => useFavorites(), { wrapper });
    act(() => result.current.toggleFavourite(1));
    act(() => result.current.clearFavourites());
    expect(result.current.count).toBe(0);
    expect(stored()).toBeNull();
  });

  it('keeps a stored list across a reload (docs/product.md#favourites)', () => {
    localStorage.setItem(FAVOURITES_STORAGE_KEY, '[4,2,4]');
    const { result } = renderHook(() => useFavorites(), { wrapper });
    expect(result.current.favourites).toEqual([4, 2]);
    expect(result.current.count).toBe(2);
  });

  it.each(['not json', '{"a":1}', '"text"'])(
    'removes and logs an unreadable stored value (%s), starting empty',
    (value) => {
      localStorage.setItem(FAVOURITES_STORAGE_KEY, value);
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { result } = renderHook(() => useFavorites(), { wrapper });
      expect(result.current.count).toBe(0);
      expect(stored()).toBeNull();
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('favorieten'), expect.anything());
    },
  );

  it('throws the product’s message outside its provider', () => {
    function Orphan() {
      useFavorites();
      return null;
    }
    // React logs the thrown error; this test expects exactly that.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Orphan />)).toThrow('useFavorites must be used within a FavoritesProvider');
  });

  it('drives a heart from the UI', async () => {
    function Heart() {
      const { isFavourite, toggleFavourite, count } = useFavorites();
      return (
        <button type="button" aria-pressed={isFavourite(9)} onClick={() => toggleFavourite(9)}>
          {count}
        </button>
      );
    }
    render(<Heart />, { wrapper });
    await userEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button')).toHaveTextContent('1');
  });
});
