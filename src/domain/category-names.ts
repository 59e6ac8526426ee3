import type { Category } from './activities.js';
import type { Language } from './languages.js';

/**
 * The categories' names in every language, as the client shows them (the chip
 * of the category bar and the badge of a card, in the `common` locale files):
 * the server searches them (docs/search.md#what-a-query-matches). A unit test
 * keeps the two in step.
 */
export const CATEGORY_NAMES: Record<Category, Record<Language, { chip: string; badge: string }>> = {
  markten: {
    nl: { chip: 'Markten', badge: 'Markt' },
    en: { chip: 'Markets', badge: 'Market' },
    fr: { chip: 'Marchés', badge: 'Marché' },
    de: { chip: 'Märkte', badge: 'Markt' },
    es: { chip: 'Mercados', badge: 'Mercado' },
  },
  feesten: {
    nl: { chip: 'Feesten', badge: 'Feest' },
    en: { chip: 'Festivals', badge: 'Festival' },
    fr: { chip: 'Fêtes', badge: 'Fête' },
    de: { chip: 'Feste', badge: 'Fest' },
    es: { chip: 'Fiestas', badge: 'Fiesta' },
  },
  sport: {
    nl: { chip: 'Sport', badge: 'Sport' },
    en: { chip: 'Sport', badge: 'Sport' },
    fr: { chip: 'Sport', badge: 'Sport' },
    de: { chip: 'Sport', badge: 'Sport' },
    es: { chip: 'Deporte', badge: 'Deporte' },
  },
  viewpoints: {
    nl: { chip: 'Viewpoints', badge: 'Viewpoint' },
    en: { chip: 'Viewpoints', badge: 'Viewpoint' },
    fr: { chip: 'Points de vue', badge: 'Point de vue' },
    de: { chip: 'Aussichtspunkte', badge: 'Aussichtspunkt' },
    es: { chip: 'Miradores', badge: 'Mirador' },
  },
  zomeractiviteiten: {
    nl: { chip: 'Zomeractiviteiten', badge: 'Zomer' },
    en: { chip: 'Summer activities', badge: 'Summer' },
    fr: { chip: 'Activités d’été', badge: 'Été' },
    de: { chip: 'Sommeraktivitäten', badge: 'Sommer' },
    es: { chip: 'Actividades de verano', badge: 'Verano' },
  },
  uitjes: {
    nl: { chip: 'Uitjes', badge: 'Uitje' },
    en: { chip: 'Outings', badge: 'Outing' },
    fr: { chip: 'Sorties', badge: 'Sortie' },
    de: { chip: 'Ausflüge', badge: 'Ausflug' },
    es: { chip: 'Excursiones', badge: 'Excursión' },
  },
};
