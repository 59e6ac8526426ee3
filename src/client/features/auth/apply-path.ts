/** Where a visitor applies to become a provider (docs/accounts.md#becoming-a-provider). */
export const APPLY_PATH = '/provider/apply';
