import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Link, useCurrentLocation, useSearchParams, useTransitionLocation, useTransitionSearch } from './navigation';

/** What the app reads of the address (docs/rendering.md#router). */
function Address() {
  const [params] = useSearchParams();
  const { pathname, search } = useCurrentLocation();
  return (
    <>
      <output aria-label="return path">{params.get('returnTo')}</output>
      <output aria-label="address">{pathname + search}</output>
      <Link to={pathname + search}>this page</Link>
      <Link to="/kaart">map</Link>
    </>
  );
}

describe('navigation', () => {
  it('reads a query value once decoded: a return path with a search for "Rock & roll" stays whole', () => {
    const returnTo = '/?q=Rock%20%26%20roll';
    const location = memoryLocation({ path: `/login?returnTo=${encodeURIComponent(returnTo)}` });
    render(
      <Router hook={location.hook} searchHook={location.searchHook}>
        <Address />
      </Router>,
    );
    expect(screen.getByRole('status', { name: 'return path' })).toHaveTextContent(returnTo);
    expect(new URL(returnTo, 'https://guide.example').searchParams.get('q')).toBe('Rock & roll');
  });

  it('replaces the history entry for a link to the page shown, and adds one for another page', async () => {
    const location = memoryLocation({ path: '/?category=markten', record: true });
    render(
      <Router hook={location.hook} searchHook={location.searchHook}>
        <Address />
      </Router>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'this page' }));
    expect(location.history).toEqual(['/?category=markten']);
    await userEvent.click(screen.getByRole('link', { name: 'map' }));
    expect(location.history).toEqual(['/?category=markten', '/kaart']);
  });

  it('hydrates with the address the page was loaded with, then follows the one the address bar has now', async () => {
    // docs/rendering.md#results-later: this page was loaded at "/" (the address when this module was imported).
    expect(window.location.search).toBe('');
    function Search() {
      const [params] = useSearchParams();
      return <p>{params.get('q') ?? 'no search'}</p>;
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <Router ssrPath="/" ssrSearch="">
        <Search />
      </Router>,
    );
    document.body.append(container);
    // The address changes before this part is hydrated (a search sent from the hero).
    window.history.pushState(null, '', '/?q=rando');
    const errors: unknown[] = [];
    let root: Root | undefined;
    try {
      await act(async () => {
        root = hydrateRoot(
          container,
          <Router hook={useTransitionLocation} searchHook={useTransitionSearch}>
            <Search />
          </Router>,
          { onRecoverableError: (error) => errors.push(error) },
        );
      });
      expect(errors).toEqual([]);
      await waitFor(() => expect(container).toHaveTextContent('rando'));
    } finally {
      // Test files share one document (vitest.config.ts): nothing stays mounted for the next.
      act(() => root?.unmount());
      window.history.replaceState(null, '', '/');
      container.remove();
    }
  });
});
