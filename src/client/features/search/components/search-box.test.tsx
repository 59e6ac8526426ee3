import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { SearchBox, SUGGESTIONS_HIDE_DELAY_MS } from './search-box';

const suggestions = [
  { text: 'randonnee', kind: 'term' },
  { text: 'Katharenpad (GR 367)', kind: 'activity', activityId: 11 },
  { text: 'Quillan', kind: 'city' },
];

function setup() {
  const { fetchMock, calls } = fakeFetch({ '/api/search/suggestions': suggestions });
  vi.stubGlobal('fetch', fetchMock);
  const onSearch = vi.fn();
  const onSelectActivity = vi.fn();
  renderWithProviders(<SearchBox value="" onSearch={onSearch} onSelectActivity={onSelectActivity} />);
  const input = screen.getByRole('combobox', { name: 'Zoek activiteiten' });
  return { input, onSearch, onSelectActivity, calls };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('SearchBox', () => {
  it('asks for suggestions only from 2 characters, in the active language', async () => {
    const { input, calls } = setup();
    await userEvent.type(input, 'r');
    await new Promise((r) => setTimeout(r, 250));
    expect(calls).toHaveLength(0);
    expect(screen.queryByRole('listbox')).toBeNull();
    await userEvent.type(input, 'a');
    const list = await screen.findByRole('listbox', { name: 'Zoeksuggesties' });
    expect(list).toBeVisible();
    expect(screen.getAllByRole('option')).toHaveLength(3);
    expect(calls.at(-1)?.searchParams.get('q')).toBe('ra');
    expect(calls.at(-1)?.searchParams.get('lng')).toBe('nl');
    expect(input).toHaveAttribute('aria-expanded', 'true');
  });

  it('moves through suggestions with the arrow keys and picks one with Enter', async () => {
    const { input, onSelectActivity, onSearch } = setup();
    await userEvent.type(input, 'rando');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const active = screen.getByRole('option', { selected: true });
    expect(active).toHaveTextContent('Katharenpad (GR 367)');
    expect(input).toHaveAttribute('aria-activedescendant', active.id);
    await userEvent.keyboard('{Enter}');
    expect(onSelectActivity).toHaveBeenCalledWith(11);
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('searches for a chosen term, and for the typed text on submit', async () => {
    const { input, onSearch } = setup();
    await userEvent.type(input, 'rando');
    await userEvent.click(await screen.findByRole('option', { name: /randonnee/ }));
    expect(onSearch).toHaveBeenLastCalledWith('randonnee');
    await userEvent.clear(input);
    await userEvent.type(input, 'wijn{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('wijn');
  });

  it('closes on Escape, and hides 200 ms after the box loses focus', async () => {
    const { input } = setup();
    await userEvent.type(input, 'rando');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();

    await userEvent.type(input, 'n');
    await screen.findByRole('listbox');
    vi.useFakeTimers();
    fireEvent.blur(input);
    act(() => vi.advanceTimersByTime(SUGGESTIONS_HIDE_DELAY_MS - 10));
    expect(screen.getByRole('listbox', { hidden: true })).toBeVisible();
    act(() => vi.advanceTimersByTime(20));
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
