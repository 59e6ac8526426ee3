/*
 * The limits of a provider's application (docs/accounts.md#becoming-a-provider), with no schema
 * library: the role selection form takes its limits from here, and domain/auth.ts its schema's
 * (docs/architecture.md#shared-rules).
 */
import { PHONE_RULE } from './contact-rules.js';

/** The longest company name, phone and address an application may give. */
export const APPLICATION_LIMITS = { company: 200, phone: PHONE_RULE.maxLength, address: 300 } as const;
