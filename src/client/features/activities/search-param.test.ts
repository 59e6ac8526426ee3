import { describe, expect, it } from 'vitest';
import { readOverviewState, writeOverviewState } from './filters';
import { readSearch, SEARCH_MAX_LENGTH, withSearch } from './search-param';

const params = (query: string) => new URLSearchParams(query);

describe("the hero's search in the address (docs/rendering.md#results-later)", () => {
  it('reads q, cut to 100 characters, as the overview state does', () => {
    expect(readSearch(params(''))).toBe('');
    expect(readSearch(params('q=markt'))).toBe('markt');
    const long = 'a'.repeat(SEARCH_MAX_LENGTH + 20);
    expect(readSearch(params(`q=${long}`))).toHaveLength(SEARCH_MAX_LENGTH);
    expect(readOverviewState(params(`q=${long}`)).search).toBe(readSearch(params(`q=${long}`)));
  });

  it('puts the trimmed search in place of the old one and keeps the rest of the address', () => {
    expect(withSearch(params('category=markten&q=old&view=list'), '  wijn ').toString()).toBe(
      'category=markten&q=wijn&view=list',
    );
    expect(withSearch(params('category=markten'), 'wijn').toString()).toBe('category=markten&q=wijn');
  });

  it('removes q for an empty or blank search', () => {
    expect(withSearch(params('q=old&sort=rating'), '   ').toString()).toBe('sort=rating');
    expect(withSearch(params(''), '').toString()).toBe('');
  });

  it('gives the overview the same state as writing the whole state would', () => {
    const before = params('category=sport&minRating=4&view=list');
    const whole = writeOverviewState({ ...readOverviewState(before), search: 'rando' });
    expect(readOverviewState(withSearch(before, 'rando'))).toEqual(readOverviewState(whole));
  });

  it('does not change the parameters it was given', () => {
    const before = params('q=old');
    withSearch(before, 'new');
    expect(before.toString()).toBe('q=old');
  });
});
