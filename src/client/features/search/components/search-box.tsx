import { Loader2, MapPin, Search, Sparkles, Tag, TrendingUp } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUGGESTION_MIN_LENGTH } from '../../../../domain/search-limits';
import type { Suggestion } from '../../../../domain/suggestions';
import { useLanguage } from '../../../i18n/use-language';
import { useCurrentLocation } from '../../../lib/navigation';
import { cn } from '../../../lib/cn';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSuggestions } from '../api/get-suggestions';

/** The id the mobile navigation focuses (docs/product.md#search-and-suggestions). */
export const SEARCH_INPUT_ID = 'activity-search';

/** Navigation state asking the search box to take focus (the Search buttons). */
export const FOCUS_SEARCH_STATE = 'focusSearch';
/** Wait 100 ms, scroll smoothly to the top, then focus after 300 ms (docs/product.md#constants). */
export const SEARCH_SCROLL_DELAY_MS = 100;
export const SEARCH_FOCUS_DELAY_MS = 300;

/** Suggestions hide 200 ms after the box loses focus, so a click on one still lands (docs/product.md#search-and-suggestions). */
export const SUGGESTIONS_HIDE_DELAY_MS = 200;

const KIND_ICON = { activity: Sparkles, city: MapPin, tag: Tag, term: TrendingUp } as const;

interface SearchBoxProps {
  /** The search currently applied. */
  value: string;
  onSearch: (text: string) => void;
  onSelectActivity: (activityId: number) => void;
}

export function SearchBox({ value, onSearch, onSelectActivity }: SearchBoxProps) {
  const { t } = useTranslation('activities');
  const language = useLanguage();
  const listId = useId();
  const [text, setText] = useState(value);
  const [focused, setFocused] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inputRef = useRef<HTMLInputElement>(null);
  const query = useDebouncedValue(text, 150);
  const { data: suggestions = [], isFetching } = useSuggestions(query, language);

  // Follow the applied search when it changes elsewhere (category links, back button).
  const [appliedValue, setAppliedValue] = useState(value);
  if (appliedValue !== value) {
    setAppliedValue(value);
    setText(value);
  }
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  // Asked to take focus (a Search button): do it once this box is on the page.
  const { state } = useCurrentLocation();
  const focusRequest = (state as Record<string, unknown> | null)?.[FOCUS_SEARCH_STATE];
  useEffect(() => {
    if (!focusRequest) return;
    let focusTimer: ReturnType<typeof setTimeout> | undefined;
    const scrollTimer = setTimeout(() => {
      window.scrollTo({ top: 0, behavior: 'smooth' });
      focusTimer = setTimeout(() => inputRef.current?.focus({ preventScroll: true }), SEARCH_FOCUS_DELAY_MS);
    }, SEARCH_SCROLL_DELAY_MS);
    return () => {
      clearTimeout(scrollTimer);
      clearTimeout(focusTimer);
    };
  }, [focusRequest]);

  const enoughText = text.trim().length >= SUGGESTION_MIN_LENGTH;
  const open = focused && enoughText && suggestions.length > 0;

  const choose = (suggestion: Suggestion) => {
    setFocused(false);
    setActiveIndex(-1);
    if (suggestion.kind === 'activity' && suggestion.activityId !== undefined) {
      onSelectActivity(suggestion.activityId);
      return;
    }
    setText(suggestion.text);
    onSearch(suggestion.text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && enoughText && suggestions.length > 0) {
      event.preventDefault();
      setFocused(true);
      setActiveIndex((i) => (i + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && open) {
      event.preventDefault();
      setActiveIndex((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === 'Enter' && open && activeIndex >= 0) {
      event.preventDefault();
      const suggestion = suggestions[activeIndex];
      if (suggestion) choose(suggestion);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setFocused(false);
      setActiveIndex(-1);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFocused(false);
    onSearch(text.trim());
  };

  return (
    <form role="search" onSubmit={onSubmit} className="relative w-full">
      <label htmlFor={SEARCH_INPUT_ID} className="sr-only">
        {t('search.label')}
      </label>
      <div className="flex items-center gap-2 rounded-full bg-white p-1.5 pl-5 shadow-lg ring-1 ring-sand-200 focus-within:ring-2 focus-within:ring-terracotta-600">
        <Search aria-hidden className="h-5 w-5 shrink-0 text-ink-500" />
        <input
          ref={inputRef}
          id={SEARCH_INPUT_ID}
          type="search"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
          placeholder={t('search.placeholder')}
          value={text}
          maxLength={100}
          onChange={(event) => {
            setText(event.target.value);
            setActiveIndex(-1);
            setFocused(true);
          }}
          onFocus={() => {
            clearTimeout(hideTimer.current);
            setFocused(true);
          }}
          onBlur={() => {
            hideTimer.current = setTimeout(() => {
              setFocused(false);
              setActiveIndex(-1);
            }, SUGGESTIONS_HIDE_DELAY_MS);
          }}
          onKeyDown={onKeyDown}
          className="h-11 min-w-0 flex-1 bg-transparent text-base text-ink-900 placeholder:text-ink-500 focus:outline-none [&::-webkit-search-cancel-button]:cursor-pointer"
        />
        {isFetching && enoughText ? <Loader2 aria-hidden className="h-4 w-4 animate-spin text-ink-500" /> : null}
        <button
          type="submit"
          className="h-11 shrink-0 rounded-full bg-terracotta-600 px-5 text-sm font-semibold text-white hover:bg-terracotta-700"
        >
          {t('search.submit')}
        </button>
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('search.suggestions')}
        hidden={!open}
        className="absolute inset-x-0 top-full z-40 mt-2 overflow-hidden rounded-2xl bg-white py-2 shadow-xl ring-1 ring-sand-200"
      >
        {suggestions.map((suggestion, index) => {
          const Icon = KIND_ICON[suggestion.kind];
          return (
            <li
              key={`${suggestion.kind}-${suggestion.activityId ?? suggestion.text}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(suggestion)}
              className={cn(
                'flex cursor-pointer items-center gap-3 px-4 py-2.5 text-sm text-ink-900',
                index === activeIndex ? 'bg-sand-100' : 'hover:bg-sand-50',
              )}
            >
              <Icon aria-hidden className="h-4 w-4 shrink-0 text-terracotta-600" />
              <span className="truncate">{suggestion.text}</span>
              <span className="ml-auto shrink-0 text-xs text-ink-500">{t(`search.kind.${suggestion.kind}`)}</span>
            </li>
          );
        })}
      </ul>
    </form>
  );
}
