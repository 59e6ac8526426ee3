/**
 * Where imported activities come from and under which licence (docs/datatourisme.md#attribution):
 * the names and addresses the detail page, the JSON-LD and the footer credit. No zod here, so the
 * web client can use them as they are.
 */
export const DATATOURISME = { name: 'DATAtourisme', url: 'https://www.datatourisme.fr' } as const;

export const OPEN_LICENCE = {
  name: 'Licence Ouverte / Etalab 2.0',
  url: 'https://www.etalab.gouv.fr/licence-ouverte-open-licence',
} as const;

/** The fields an import may say a translation service wrote. */
export const MACHINE_TRANSLATED_FIELDS = ['name', 'description', 'openingHours'] as const;
export type MachineTranslatedField = (typeof MACHINE_TRANSLATED_FIELDS)[number];
