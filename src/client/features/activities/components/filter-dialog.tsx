import type React from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRICE_FILTER, RATING_FILTER, SORT_OPTIONS, type SortOption } from '../../../../domain/activities';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Select } from '../../../components/ui/select';
import { Slider } from '../../../components/ui/slider';
import { useLanguage } from '../../../i18n/use-language';
import { cn } from '../../../lib/cn';
import { formatPrice, formatRating } from '../../../lib/format';
import { DEFAULT_FILTERS, type Filters } from '../filters';

export interface FilterDialogProps {
  /** The button that opened the dialog: focus returns there on close. */
  returnFocusTo?: React.RefObject<HTMLElement | null>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  filters: Filters;
  onApply: (filters: Filters) => void;
  /** Names of the approved tags (docs/product.md#filters-and-sorting: only approved tags are offered). */
  tagNames: string[];
  /** Shows a tag in the visitor's language. */
  tagLabel: (name: string) => string;
}

/**
 * The advanced filters (docs/product.md#filters-and-sorting): edits a draft of the applied filters;
 * Apply commits it and closes, Reset restores the defaults. Loaded on first
 * use (see filter-button.tsx); focus returns to the button on close.
 */
export default function FilterDialog({
  open,
  onOpenChange,
  filters,
  onApply,
  tagNames,
  tagLabel,
  returnFocusTo,
}: FilterDialogProps) {
  const { t } = useTranslation('activities');
  const language = useLanguage();
  const [draft, setDraft] = useState<Filters>(filters);
  // A fresh draft from the applied filters each time the dialog opens.
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (open) setDraft(filters);
  }

  const update = (patch: Partial<Filters>) => setDraft((current) => ({ ...current, ...patch }));
  const priceText = (value: number) =>
    value >= PRICE_FILTER.max
      ? t('filters.priceMax', { price: formatPrice(value, language) })
      : formatPrice(value, language);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        returnFocusTo={returnFocusTo}
        title={t('filters.title')}
        description={t('filters.description')}
        closeLabel={t('filters.close')}
      >
        <form
          className="space-y-6"
          onSubmit={(event) => {
            event.preventDefault();
            onApply(draft);
            onOpenChange(false);
          }}
        >
          <fieldset className="space-y-3">
            <legend className="flex w-full justify-between text-sm font-semibold text-ink-900">
              <span>{t('filters.price')}</span>
              <span className="font-normal text-ink-600">
                {priceText(draft.priceRange[0])} – {priceText(draft.priceRange[1])}
              </span>
            </legend>
            <Slider
              value={draft.priceRange}
              onValueChange={(value) =>
                update({ priceRange: [value[0] ?? PRICE_FILTER.min, value[1] ?? PRICE_FILTER.max] })
              }
              min={PRICE_FILTER.min}
              max={PRICE_FILTER.max}
              step={PRICE_FILTER.step}
              thumbLabels={[t('filters.priceMin'), t('filters.priceMaxLabel')]}
              valueText={priceText}
            />
          </fieldset>

          <fieldset className="space-y-3">
            <legend className="flex w-full justify-between text-sm font-semibold text-ink-900">
              <span>{t('filters.rating')}</span>
              <span className="font-normal text-ink-600">
                {draft.minRating > 0
                  ? t('filters.ratingValue', { rating: formatRating(draft.minRating, language) })
                  : t('filters.ratingAny')}
              </span>
            </legend>
            <Slider
              value={[draft.minRating]}
              onValueChange={(value) => update({ minRating: value[0] ?? RATING_FILTER.min })}
              min={RATING_FILTER.min}
              max={RATING_FILTER.max}
              step={RATING_FILTER.step}
              thumbLabels={[t('filters.rating')]}
              valueText={(v) =>
                v > 0 ? t('filters.ratingValue', { rating: formatRating(v, language) }) : t('filters.ratingAny')
              }
            />
          </fieldset>

          <div className="space-y-2">
            <label htmlFor="filter-sort" className="block text-sm font-semibold text-ink-900">
              {t('filters.sort')}
            </label>
            <Select<SortOption>
              id="filter-sort"
              value={draft.sortBy}
              onValueChange={(sortBy) => update({ sortBy })}
              options={SORT_OPTIONS.map((value) => ({ value, label: t(`sort.${value}`) }))}
            />
          </div>

          <div className="space-y-3">
            <Checkbox
              id="filter-bookable"
              checked={draft.onlyBookable}
              onCheckedChange={(onlyBookable) => update({ onlyBookable })}
              label={t('filters.onlyBookable')}
            />
            <Checkbox
              id="filter-sponsored"
              checked={draft.onlySponsored}
              onCheckedChange={(onlySponsored) => update({ onlySponsored })}
              label={t('filters.onlySponsored')}
            />
          </div>

          {tagNames.length > 0 ? (
            <fieldset className="space-y-2">
              <legend className="text-sm font-semibold text-ink-900">{t('filters.tags')}</legend>
              <div className="flex flex-wrap gap-2">
                {tagNames.map((name) => {
                  const selected = draft.selectedTags.includes(name);
                  return (
                    <button
                      key={name}
                      type="button"
                      aria-pressed={selected}
                      onClick={() =>
                        update({
                          selectedTags: selected
                            ? draft.selectedTags.filter((n) => n !== name)
                            : [...draft.selectedTags, name],
                        })
                      }
                      className={cn(
                        'rounded-full border px-3 py-1.5 text-sm transition-colors',
                        selected
                          ? 'border-terracotta-600 bg-terracotta-50 text-terracotta-800'
                          : 'border-sand-300 bg-white text-ink-700 hover:border-terracotta-500',
                      )}
                    >
                      #{tagLabel(name)}
                    </button>
                  );
                })}
              </div>
            </fieldset>
          ) : null}

          <div className="flex gap-3 border-t border-sand-200 pt-4">
            <Button variant="ghost" className="flex-1" onClick={() => setDraft(DEFAULT_FILTERS)}>
              {t('filters.reset')}
            </Button>
            <Button type="submit" className="flex-1">
              {t('filters.apply')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
