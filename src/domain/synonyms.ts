import type { Language } from './languages.js';

/**
 * Words that mean the same to a visitor, in the five languages
 * (docs/search.md#synonyms): a query word that is one of them also finds the
 * others. One group per category and per tag of the demo content; the first
 * column names the group (the tag or category it covers). docs/search.md
 * holds the same table, and a unit test keeps the two equal.
 */
export interface SynonymGroup {
  key: string;
  terms: Record<Language, readonly string[]>;
}

export const SYNONYMS: readonly SynonymGroup[] = [
  {
    key: 'markt',
    terms: {
      nl: ['markt', 'markten', 'weekmarkt', 'boerenmarkt'],
      en: ['market', 'markets', 'farmers market'],
      fr: ['marché', 'marchés'],
      de: ['Markt', 'Märkte', 'Wochenmarkt'],
      es: ['mercado', 'mercados', 'mercadillo'],
    },
  },
  {
    key: 'feest',
    terms: {
      nl: ['feest', 'feesten', 'festival'],
      en: ['festival', 'festivals', 'fête'],
      fr: ['fête', 'fêtes', 'festival'],
      de: ['Fest', 'Feste', 'Festival'],
      es: ['fiesta', 'fiestas', 'festival', 'feria'],
    },
  },
  {
    key: 'sport',
    terms: {
      nl: ['sport', 'sporten'],
      en: ['sport', 'sports'],
      fr: ['sport', 'sports'],
      de: ['Sport'],
      es: ['deporte', 'deportes'],
    },
  },
  {
    key: 'uitzicht',
    terms: {
      nl: ['uitzicht', 'uitzichtpunt', 'viewpoint', 'panorama'],
      en: ['viewpoint', 'view', 'lookout', 'panorama'],
      fr: ['point de vue', 'panorama', 'belvédère'],
      de: ['Aussicht', 'Aussichtspunkt', 'Panorama'],
      es: ['mirador', 'miradores', 'vistas', 'panorama'],
    },
  },
  {
    key: 'zomer',
    terms: {
      nl: ['zomer', 'zomeractiviteiten'],
      en: ['summer', 'summer activities'],
      fr: ['été', 'activités d’été'],
      de: ['Sommer', 'Sommeraktivitäten'],
      es: ['verano', 'actividades de verano'],
    },
  },
  {
    key: 'uitje',
    terms: {
      nl: ['uitje', 'uitjes', 'dagje uit', 'uitstapje'],
      en: ['outing', 'outings', 'day out', 'excursion', 'day trip'],
      fr: ['sortie', 'sorties', 'excursion', 'escapade'],
      de: ['Ausflug', 'Ausflüge'],
      es: ['excursión', 'excursiones', 'salida'],
    },
  },
  {
    key: 'geschiedenis',
    terms: {
      nl: ['geschiedenis', 'historisch', 'erfgoed'],
      en: ['history', 'historic', 'historical', 'heritage'],
      fr: ['histoire', 'historique', 'patrimoine'],
      de: ['Geschichte', 'historisch', 'Kulturerbe'],
      es: ['historia', 'histórico', 'patrimonio'],
    },
  },
  {
    key: 'gratis',
    terms: {
      nl: ['gratis', 'kosteloos'],
      en: ['free', 'free of charge'],
      fr: ['gratuit', 'gratuite'],
      de: ['kostenlos', 'gratis'],
      es: ['gratis', 'gratuito', 'gratuita'],
    },
  },
  {
    key: 'familie',
    terms: {
      nl: ['familie', 'gezin', 'kinderen'],
      en: ['family', 'families', 'kids', 'children'],
      fr: ['famille', 'familles', 'enfants'],
      de: ['Familie', 'Familien', 'Kinder'],
      es: ['familia', 'familias', 'niños'],
    },
  },
  {
    key: 'lokaal-eten',
    terms: {
      nl: ['lokaal eten', 'streekproduct', 'streekproducten'],
      en: ['local food', 'local produce'],
      fr: ['produits locaux', 'terroir'],
      de: ['regionale Produkte', 'Spezialitäten'],
      es: ['productos locales', 'comida local'],
    },
  },
  {
    key: 'natuur',
    terms: {
      nl: ['natuur', 'natuurgebied'],
      en: ['nature', 'wildlife'],
      fr: ['nature'],
      de: ['Natur', 'Naturschutzgebiet'],
      es: ['naturaleza'],
    },
  },
  {
    key: 'kasteel',
    terms: {
      nl: ['kasteel', 'kastelen', 'burcht'],
      en: ['castle', 'castles', 'château'],
      fr: ['château', 'châteaux', 'forteresse', 'citadelle'],
      de: ['Burg', 'Burgen', 'Schloss'],
      es: ['castillo', 'castillos', 'fortaleza'],
    },
  },
  {
    key: 'zwemmen',
    terms: {
      nl: ['zwemmen', 'zwemplek', 'zwembad'],
      en: ['swimming', 'swim', 'bathing'],
      fr: ['baignade', 'nager', 'natation'],
      de: ['Schwimmen', 'Baden', 'Badesee'],
      es: ['natación', 'nadar', 'baño'],
    },
  },
  {
    key: 'muziek',
    terms: {
      nl: ['muziek', 'concert', 'concerten'],
      en: ['music', 'concert', 'concerts'],
      fr: ['musique', 'concert', 'concerts'],
      de: ['Musik', 'Konzert', 'Konzerte'],
      es: ['música', 'concierto', 'conciertos'],
    },
  },
  {
    key: 'wijn',
    terms: {
      nl: ['wijn', 'wijnkelder', 'wijnproeverij', 'wijngaard'],
      en: ['wine', 'winery', 'wine tasting', 'vineyard'],
      fr: ['vin', 'vins', 'dégustation', 'vignoble'],
      de: ['Wein', 'Weingut', 'Weinprobe'],
      es: ['vino', 'vinos', 'bodega', 'viñedo'],
    },
  },
  {
    key: 'museum',
    terms: {
      nl: ['museum', 'musea'],
      en: ['museum', 'museums'],
      fr: ['musée', 'musées'],
      de: ['Museum', 'Museen'],
      es: ['museo', 'museos'],
    },
  },
  {
    key: 'avond',
    terms: {
      nl: ['avond', 'nacht'],
      en: ['evening', 'night'],
      fr: ['soir', 'soirée', 'nocturne'],
      de: ['Abend', 'Nacht'],
      es: ['noche', 'nocturno'],
    },
  },
  {
    key: 'watersport',
    terms: {
      nl: ['watersport', 'watersporten'],
      en: ['water sports', 'water sport', 'watersports'],
      fr: ['sports nautiques', 'activités nautiques', 'nautique'],
      de: ['Wassersport'],
      es: ['deportes acuáticos', 'deportes náuticos', 'náutico'],
    },
  },
  {
    key: 'winter',
    terms: {
      nl: ['winter'],
      en: ['winter'],
      fr: ['hiver'],
      de: ['Winter'],
      es: ['invierno'],
    },
  },
  {
    key: 'fietsen',
    terms: {
      nl: ['fietsen', 'fiets', 'fietstocht', 'wielrennen'],
      en: ['cycling', 'bike', 'bicycle', 'biking'],
      fr: ['vélo', 'cyclisme', 'VTT'],
      de: ['Radfahren', 'Fahrrad', 'Radtour'],
      es: ['ciclismo', 'bicicleta', 'bici'],
    },
  },
  {
    key: 'avontuur',
    terms: {
      nl: ['avontuur', 'avontuurlijk'],
      en: ['adventure'],
      fr: ['aventure'],
      de: ['Abenteuer'],
      es: ['aventura'],
    },
  },
  {
    key: 'kunst',
    terms: {
      nl: ['kunst'],
      en: ['art', 'arts'],
      fr: ['art', 'arts'],
      de: ['Kunst'],
      es: ['arte'],
    },
  },
  {
    key: 'wandelen',
    terms: {
      nl: ['wandelen', 'wandeling', 'wandelroute'],
      en: ['hiking', 'hike', 'walking', 'walk'],
      fr: ['randonnée', 'rando', 'balade', 'promenade'],
      de: ['Wandern', 'Wanderung', 'Wanderweg'],
      es: ['senderismo', 'sendero', 'caminata'],
    },
  },
];
