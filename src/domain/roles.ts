export const ROLES = ['visitor', 'provider', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** A provider's application: pending until an admin approves or rejects it (docs/moderation.md#providers). */
export const PROVIDER_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];
