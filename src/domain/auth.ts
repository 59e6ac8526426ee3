import { z } from 'zod';
import { APPLICATION_LIMITS } from './application-rules.js';
import { isPhoneNumber } from './contact-rules.js';
import type { ProviderStatus, Role } from './roles.js';
import { ROLES } from './roles.js';
import { normalizeReturnPath } from './return-path.js';

/** Demo accounts that `POST /api/demo/login/:account` logs into (docs/accounts.md#login). */
export const DEMO_ACCOUNTS = ['admin', 'provider', 'visitor'] as const;
export type DemoAccount = (typeof DEMO_ACCOUNTS)[number];

/** The logged-in user as `GET /api/auth/user` answers it (docs/api.md). */
export interface AuthUser {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: Role;
  isApproved: boolean;
  /** False until the role was chosen after the first login. */
  roleChosen: boolean;
  company: string | null;
  /** The phone number kept with the account (a provider's application gives one); null when none. */
  phone: string | null;
  providerStatus: ProviderStatus | null;
}

export const authUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  role: z.enum(ROLES),
  isApproved: z.boolean(),
  roleChosen: z.boolean(),
  company: z.string().nullable(),
  phone: z.string().nullable().describe('the booking dialog fills it in for the user'),
  providerStatus: z.enum(['pending', 'approved', 'rejected']).nullable(),
});

/** GET /api/auth/session: the logged-in user, or null. */
export const authSessionSchema = z.object({ user: authUserSchema.nullable() });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .optional()
    .nullable()
    .transform((value) => value || null);

/** What a provider's application tells the team: company (required), phone and address. */
const applicationFields = {
  company: optionalText(APPLICATION_LIMITS.company),
  phone: optionalText(APPLICATION_LIMITS.phone).refine((v) => v === null || isPhoneNumber(v), {
    message: 'must be a phone number',
  }),
  address: optionalText(APPLICATION_LIMITS.address),
};

/** Role selection after the first login (docs/accounts.md#role-selection): a provider must name a company. */
export const roleChoiceBody = z
  .strictObject({
    role: z.enum(['visitor', 'provider'], { error: 'must be visitor or provider' }),
    ...applicationFields,
  })
  .superRefine((body, ctx) => {
    if (body.role === 'provider' && !body.company) {
      ctx.addIssue({ code: 'custom', path: ['company'], message: 'is required for a provider' });
    }
  });
export type RoleChoice = z.output<typeof roleChoiceBody>;

/**
 * POST /api/provider/application: a logged-in visitor applies to become a provider
 * (docs/accounts.md#becoming-a-provider), with the role choice's provider fields.
 */
export const providerApplicationBody = z.strictObject(applicationFields).superRefine((body, ctx) => {
  if (!body.company) ctx.addIssue({ code: 'custom', path: ['company'], message: 'is required for a provider' });
});
export type ProviderApplication = z.output<typeof providerApplicationBody>;

/** GET /api/login: where to come back to once logged in. */
export const loginQuery = z.object({
  returnTo: z
    .string()
    .transform((value, ctx) => {
      const path = normalizeReturnPath(value);
      if (path === null) {
        ctx.addIssue({ code: 'custom', message: 'must be a path on this site, such as /activity/3' });
        return z.NEVER;
      }
      return path;
    })
    .optional()
    .describe('A page of this site to return to after the login'),
});
