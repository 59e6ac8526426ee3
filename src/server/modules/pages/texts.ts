import type { Category } from '../../../domain/activities.js';
import type { Language } from '../../../domain/languages.js';

import type { PageKind } from '../../../domain/pages.js';

interface PageTexts {
  /** Each page's description; the titles are shared with the client (src/domain/pages.ts). */
  pages: Record<PageKind, { description: string }>;
  /** The first step of every breadcrumb trail. */
  home: string;
  /** Category names as the overview's chips show them. */
  categories: Record<Category, string>;
  /** An activity without a description of its own: "<name> in <city>". */
  activityIn: (name: string, city: string) => string;
}

/**
 * What crawlers and link previews read before any script runs, in the five
 * languages. Kept in the words of the web client's own texts (its hero,
 * navigation, 404 page and category chips), so that a search result and the
 * page it opens say the same.
 */
export const PAGE_TEXTS: Record<Language, PageTexts> = {
  nl: {
    pages: {
      home: {
        description:
          'Markten onder de arcaden, carnaval, katharenburchten, meren en wijnkelders: alles wat er te doen is in en rond Limoux.',
      },
      map: {
        description:
          'Alle markten, feesten, uitzichten en uitjes in en rond Limoux op één kaart, met het weer ter plaatse.',
      },
      agenda: {
        description:
          'Wat er de komende 30 dagen te doen is in en rond Limoux: markten en evenementen dag voor dag, ook als agenda voor je kalender.',
      },
      favourites: {
        description: 'De activiteiten in en rond Limoux die je hebt bewaard, ook zonder account.',
      },
      landing: {
        description:
          'Van de vrijdagmarkt tot de nachtelijke carnavalsoptocht, van katharenburchten tot blanquettekelders: DiscoverLocal brengt het allemaal samen, in jouw taal.',
      },
      privacy: {
        description:
          'Welke gegevens DiscoverLocal Limoux bewaart, waarom, hoe lang en wie ze ziet; download je gegevens of verwijder je account.',
      },
      notFound: {
        description: 'Deze pagina bestaat niet (meer). Misschien vind je wat je zoekt in het overzicht.',
      },
    },
    home: 'Home',
    categories: {
      markten: 'Markten',
      feesten: 'Feesten',
      sport: 'Sport',
      viewpoints: 'Viewpoints',
      zomeractiviteiten: 'Zomeractiviteiten',
      uitjes: 'Uitjes',
    },
    activityIn: (name, city) => `${name} in ${city}`,
  },
  en: {
    pages: {
      home: {
        description:
          'Markets under the arcades, carnival, Cathar castles, lakes and wine cellars: everything there is to do in and around Limoux.',
      },
      map: {
        description:
          'Every market, festival, viewpoint and outing in and around Limoux on one map, with the local weather.',
      },
      agenda: {
        description:
          'What is on in and around Limoux over the next 30 days: markets and events day by day, also as a feed for your calendar.',
      },
      favourites: {
        description: 'The activities in and around Limoux you have saved, no account needed.',
      },
      landing: {
        description:
          "From the Friday market to the carnival's night parade, from Cathar castles to Blanquette cellars: DiscoverLocal brings it all together, in your language.",
      },
      privacy: {
        description:
          'Which data DiscoverLocal Limoux keeps, why, for how long and who sees it; download your data or delete your account.',
      },
      notFound: {
        description: 'This page does not exist (any more). You may find what you are looking for in the overview.',
      },
    },
    home: 'Home',
    categories: {
      markten: 'Markets',
      feesten: 'Festivals',
      sport: 'Sport',
      viewpoints: 'Viewpoints',
      zomeractiviteiten: 'Summer activities',
      uitjes: 'Outings',
    },
    activityIn: (name, city) => `${name} in ${city}`,
  },
  fr: {
    pages: {
      home: {
        description:
          'Marchés sous les arcades, carnaval, châteaux cathares, lacs et caves : tout ce qu’il y a à faire à Limoux et dans ses environs.',
      },
      map: {
        description:
          'Tous les marchés, fêtes, points de vue et sorties de Limoux et des environs sur une seule carte, avec la météo locale.',
      },
      agenda: {
        description:
          'Ce qui se passe à Limoux et alentour dans les 30 prochains jours : marchés et événements jour par jour, aussi en agenda pour votre calendrier.',
      },
      favourites: {
        description: 'Les activités de Limoux et des environs que vous avez gardées, sans compte.',
      },
      landing: {
        description:
          'Du marché du vendredi au défilé nocturne du carnaval, des châteaux cathares aux caves de Blanquette : DiscoverLocal réunit tout, dans votre langue.',
      },
      privacy: {
        description:
          'Quelles données DiscoverLocal Limoux conserve, pourquoi, combien de temps et qui les voit ; téléchargez vos données ou supprimez votre compte.',
      },
      notFound: {
        description:
          'Cette page n’existe pas (ou plus). Vous trouverez peut-être ce que vous cherchez sur la page d’accueil.',
      },
    },
    home: 'Accueil',
    categories: {
      markten: 'Marchés',
      feesten: 'Fêtes',
      sport: 'Sport',
      viewpoints: 'Points de vue',
      zomeractiviteiten: 'Activités d’été',
      uitjes: 'Sorties',
    },
    activityIn: (name, city) => `${name} à ${city}`,
  },
  de: {
    pages: {
      home: {
        description:
          'Märkte unter den Arkaden, Karneval, Katharerburgen, Seen und Weinkeller: alles, was es in und um Limoux zu erleben gibt.',
      },
      map: {
        description:
          'Alle Märkte, Feste, Aussichtspunkte und Ausflüge in und um Limoux auf einer Karte, mit dem Wetter vor Ort.',
      },
      agenda: {
        description:
          'Was in den nächsten 30 Tagen in und um Limoux los ist: Märkte und Veranstaltungen Tag für Tag, auch als Abonnement für Ihren Kalender.',
      },
      favourites: {
        description: 'Die Aktivitäten in und um Limoux, die Sie sich gemerkt haben, auch ohne Konto.',
      },
      landing: {
        description:
          'Vom Freitagsmarkt bis zum nächtlichen Karnevalsumzug, von Katharerburgen bis zu Blanquette-Kellern: DiscoverLocal bringt alles zusammen – in Ihrer Sprache.',
      },
      privacy: {
        description:
          'Welche Daten DiscoverLocal Limoux speichert, warum, wie lange und wer sie sieht; laden Sie Ihre Daten herunter oder löschen Sie Ihr Konto.',
      },
      notFound: {
        description: 'Diese Seite gibt es nicht (mehr). Vielleicht finden Sie in der Übersicht, was Sie suchen.',
      },
    },
    home: 'Start',
    categories: {
      markten: 'Märkte',
      feesten: 'Feste',
      sport: 'Sport',
      viewpoints: 'Aussichtspunkte',
      zomeractiviteiten: 'Sommeraktivitäten',
      uitjes: 'Ausflüge',
    },
    activityIn: (name, city) => `${name} in ${city}`,
  },
  es: {
    pages: {
      home: {
        description:
          'Mercados bajo los soportales, carnaval, castillos cátaros, lagos y bodegas: todo lo que puedes hacer en Limoux y sus alrededores.',
      },
      map: {
        description:
          'Todos los mercados, fiestas, miradores y excursiones de Limoux y sus alrededores en un solo mapa, con el tiempo del lugar.',
      },
      agenda: {
        description:
          'Qué hay en Limoux y alrededores en los próximos 30 días: mercados y eventos día a día, también como agenda para tu calendario.',
      },
      favourites: {
        description: 'Las actividades de Limoux y sus alrededores que has guardado, sin necesidad de cuenta.',
      },
      landing: {
        description:
          'Del mercado de los viernes al desfile nocturno del carnaval, de los castillos cátaros a las bodegas de Blanquette: DiscoverLocal lo reúne todo, en tu idioma.',
      },
      privacy: {
        description:
          'Qué datos guarda DiscoverLocal Limoux, por qué, durante cuánto tiempo y quién los ve; descarga tus datos o elimina tu cuenta.',
      },
      notFound: {
        description: 'Esta página no existe (o ya no existe). Quizá encuentres lo que buscas en la página de inicio.',
      },
    },
    home: 'Inicio',
    categories: {
      markten: 'Mercados',
      feesten: 'Fiestas',
      sport: 'Deporte',
      viewpoints: 'Miradores',
      zomeractiviteiten: 'Actividades de verano',
      uitjes: 'Excursiones',
    },
    activityIn: (name, city) => `${name} en ${city}`,
  },
};
