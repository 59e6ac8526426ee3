import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { LANGUAGES, type Language } from '../../../domain/languages.js';
import { ROLES, type Role } from '../../../domain/roles.js';
import { inList } from './sql-helpers.js';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Unique whatever its case (users_email_lower_key); only ever a verified address (docs/security.md). */
    email: varchar('email', { length: 320 }),
    /** The identity provider vouched for the address (or an operator did, through the admin command). */
    emailVerified: boolean('email_verified').notNull().default(false),
    firstName: varchar('first_name', { length: 100 }),
    lastName: varchar('last_name', { length: 100 }),
    profileImageUrl: text('profile_image_url'),
    role: varchar('role', { length: 20 }).$type<Role>().notNull().default('visitor'),
    /** Set once the user has chosen a role after the first login (docs/accounts.md#role-selection). */
    roleChosenAt: timestamp('role_chosen_at', { withTimezone: true }),
    company: varchar('company', { length: 200 }),
    phone: varchar('phone', { length: 40 }),
    address: text('address'),
    isApproved: boolean('is_approved').notNull().default(false),
    /** The identity provider's issuer and subject of a user who logged in through OpenID Connect. */
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: varchar('oidc_subject', { length: 255 }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** The site language the user last used (their mails are written in it, docs/mail.md#language); null: never seen. */
    language: varchar('language', { length: 2 }).$type<Language>(),
    stripeCustomerId: varchar('stripe_customer_id', { length: 255 }),
    stripeSubscriptionId: varchar('stripe_subscription_id', { length: 255 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ${inList(ROLES)}`),
    check('users_language_check', sql`${t.language} is null or ${t.language} in ${inList(LANGUAGES)}`),
    index('users_role_idx').on(t.role),
    /** The admin panel's pages of users, newest first (docs/api.md#lists-in-pages). */
    index('users_created_idx').on(t.createdAt, t.id),
    uniqueIndex('users_oidc_identity_key').on(t.oidcIssuer, t.oidcSubject),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
  ],
);

/** Server-side sessions (docs/accounts.md#sessions). */
export const sessions = pgTable(
  'sessions',
  {
    sid: varchar('sid', { length: 255 }).primaryKey(),
    sess: jsonb('sess').notNull(),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_expire_idx').on(t.expire)],
);

export const adminSettings = pgTable('admin_settings', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: varchar('key', { length: 100 }).notNull().unique(),
  value: text('value'),
  description: text('description'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Rate-limit counters shared by every app instance on one PostgreSQL server
 * (docs/security.md#rate-limits-and-outside-services): one row per limited
 * route and client, counting until `reset_at`.
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 400 }).primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
