import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_FIELD_LIMITS,
  createActivityBody,
  updateActivityBody,
  WEBSITE_MESSAGE,
} from './provider-activities.js';
import { countedLength, isWebAddress, normaliseWebsite } from './text-fields.js';

const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Visite de cave',
  description: 'Une heure dans les caves.',
  language: 'fr',
  category: 'uitjes',
  city: 'Limoux',
  latitude: 43.05,
  longitude: 2.22,
  weeklyHours: [],
  ...overrides,
});

const problems = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('a website as people type it (docs/provider-workspace.md#fields)', () => {
  it.each([
    ['www.example.fr', 'https://www.example.fr'],
    ['example.fr', 'https://example.fr'],
    ['  example.fr/visites?jour=1  ', 'https://example.fr/visites?jour=1'],
    ['example.fr:8080/page', 'https://example.fr:8080/page'],
    ['//example.fr', 'https://example.fr'],
    ['https://example.fr', 'https://example.fr'],
    ['HTTP://Example.fr', 'HTTP://Example.fr'],
    ['javascript:alert(1)', 'javascript:alert(1)'],
    ['mailto:cave@example.fr', 'mailto:cave@example.fr'],
    ['', ''],
    ['   ', ''],
  ])('%j becomes %j', (typed, normalised) => {
    expect(normaliseWebsite(typed)).toBe(normalised);
  });

  it('is a web address only when http(s) with a dotted host', () => {
    expect(['https://example.fr', 'http://www.example.fr/a', 'https://1.2.3.4'].map(isWebAddress)).toEqual([
      true,
      true,
      true,
    ]);
    expect(
      ['javascript:alert(1)', 'mailto:a@b.fr', 'https://localhost:3000', 'https://exa mple.fr', 'ftp://example.fr'].map(
        isWebAddress,
      ),
    ).toEqual([false, false, false, false, false]);
  });

  it('is stored with https:// by the schema the server and the form share; what is then no address is refused', () => {
    expect(createActivityBody.parse(body({ website: 'www.example.fr' })).website).toBe('https://www.example.fr');
    expect(updateActivityBody.parse({ website: 'example.fr' }).website).toBe('https://example.fr');
    expect(createActivityBody.parse(body({ website: '' })).website).toBeNull();
    expect(createActivityBody.parse(body({ website: null })).website).toBeNull();
    for (const website of ['javascript:alert(1)', 'cave du sieur', 'localhost:3000', 'mailto:a@b.fr']) {
      expect(problems(createActivityBody.safeParse(body({ website }))), website).toEqual([
        ['website', WEBSITE_MESSAGE],
      ]);
    }
    // The limit counts the address as it is stored.
    const long = `example.fr/${'a'.repeat(ACTIVITY_FIELD_LIMITS.website - 'https://example.fr/'.length)}`;
    expect(createActivityBody.parse(body({ website: long })).website).toHaveLength(ACTIVITY_FIELD_LIMITS.website);
    expect(problems(createActivityBody.safeParse(body({ website: `${long}a` })))).toEqual([
      ['website', `must be at most ${ACTIVITY_FIELD_LIMITS.website} characters`],
    ]);
  });
});

describe('text limits: refused whole, never cut', () => {
  it('takes a name of 200 characters and refuses 201, as typed (trimmed)', () => {
    const name = 'n'.repeat(ACTIVITY_FIELD_LIMITS.name);
    expect(createActivityBody.parse(body({ name: `  ${name}  ` })).name).toBe(name);
    expect(problems(createActivityBody.safeParse(body({ name: `${name}x` })))).toEqual([
      ['name', 'must be at most 200 characters'],
    ]);
    expect(countedLength(`  ${name}  `)).toBe(200);
  });

  it('checks every text of the form and of each translation against its limit', () => {
    const over = (field: keyof typeof ACTIVITY_FIELD_LIMITS) => 'x'.repeat(ACTIVITY_FIELD_LIMITS[field] + 1);
    const result = createActivityBody.safeParse(
      body({
        description: over('description'),
        location: over('location'),
        address: over('address'),
        city: over('city'),
        openingHours: over('hours'),
        marketDays: over('hours'),
        contactEmail: `${over('email')}@example.fr`,
        translations: {
          en: {
            name: over('name'),
            description: over('description'),
            location: over('location'),
            openingHours: over('hours'),
            marketDays: over('hours'),
          },
        },
      }),
    );
    expect(
      problems(result)
        .map(([path]) => path)
        .sort(),
    ).toEqual(
      [
        'address',
        'city',
        'contactEmail',
        'description',
        'location',
        'marketDays',
        'openingHours',
        'translations.en.description',
        'translations.en.location',
        'translations.en.marketDays',
        'translations.en.name',
        'translations.en.openingHours',
      ].sort(),
    );
  });
});

describe('a translation’s place and hours', () => {
  it('are kept as given, empty is none, and left out they stay left out (the server keeps what there was)', () => {
    const parsed = createActivityBody.parse(
      body({
        translations: {
          es: { name: 'Visita', description: 'Una hora.', location: ' Bodega ', openingHours: '', marketDays: null },
          en: { name: 'Cellar visit', description: 'An hour.' },
        },
      }),
    );
    expect(parsed.translations).toEqual({
      es: { name: 'Visita', description: 'Una hora.', location: 'Bodega', openingHours: null, marketDays: null },
      en: { name: 'Cellar visit', description: 'An hour.' },
    });
  });

  it('need the name and description of that language', () => {
    const result = createActivityBody.safeParse(body({ translations: { es: { openingHours: 'lunes' } } }));
    expect(problems(result)).toEqual([
      ['translations.es.name', 'is required'],
      ['translations.es.description', 'is required'],
    ]);
  });
});
