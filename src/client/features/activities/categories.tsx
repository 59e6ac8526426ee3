import { Bike, Eye, type LucideIcon, PartyPopper, ShoppingBasket, Sparkles, Star, Sun, Wine } from 'lucide-react';
import type { Category, CategoryFilter } from '../../../domain/activities';

/** Icon and colours of each category (docs/product.md#categories-and-vocabulary: one colour per category). */
export const CATEGORY_STYLE: Record<Category, { icon: LucideIcon; badge: string }> = {
  markten: { icon: ShoppingBasket, badge: 'bg-terracotta-100 text-terracotta-800' },
  feesten: { icon: PartyPopper, badge: 'bg-lavender-100 text-lavender-600' },
  sport: { icon: Bike, badge: 'bg-vine-100 text-vine-700' },
  viewpoints: { icon: Eye, badge: 'bg-amber-100 text-amber-900' },
  zomeractiviteiten: { icon: Sun, badge: 'bg-sky-100 text-sky-900' },
  uitjes: { icon: Wine, badge: 'bg-rose-100 text-rose-900' },
};

export const FILTER_ICON: Record<CategoryFilter, LucideIcon> = {
  alle: Sparkles,
  top_rated: Star,
  ...Object.fromEntries(Object.entries(CATEGORY_STYLE).map(([key, style]) => [key, style.icon])),
} as Record<CategoryFilter, LucideIcon>;
