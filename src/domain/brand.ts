/** The product's name (not translated). */
export const BRAND = { name: 'DiscoverLocal', first: 'Discover', second: 'Local' } as const;
