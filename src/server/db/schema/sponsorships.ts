import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  PAID_PLANS,
  type PaidPlan,
  SPONSORSHIP_REQUEST_STATUSES,
  type SponsorshipRequestStatus,
} from '../../../domain/sponsorships.js';
import { activities } from './activities.js';
import { users } from './users.js';
import { inList } from './sql-helpers.js';

/**
 * A sponsorship a provider pays for through Stripe (docs/sponsorship.md): one
 * row per Stripe subscription, kept in step with Stripe by its webhook events.
 * The activity's sponsor level follows the rows that are live.
 */
export const sponsorships = pgTable(
  'sponsorships',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Kept when the activity goes, so the payments stay in the admin's revenue. */
    activityId: integer('activity_id').references(() => activities.id, { onDelete: 'set null' }),
    /** The provider's account that bought it. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    plan: varchar('plan', { length: 20 }).notNull(),
    stripeSubscriptionId: varchar('stripe_subscription_id', { length: 255 }).notNull().unique(),
    stripeCustomerId: varchar('stripe_customer_id', { length: 255 }).notNull(),
    /** Stripe's status of the subscription (active, past_due, canceled, ...). */
    status: varchar('status', { length: 30 }).notNull(),
    /** Whether it gives the activity its level (isLive in src/domain/sponsorships.ts, at the last change). */
    live: boolean('live').notNull().default(false),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** End of the last period that was paid for: an overdue payment keeps the level until then. */
    paidThrough: timestamp('paid_through', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** Price per period, in cents. */
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sponsorships_plan_check', sql`${t.plan} in ${inList(PAID_PLANS)}`),
    index('sponsorships_activity_idx').on(t.activityId),
    index('sponsorships_live_idx')
      .on(t.currentPeriodEnd)
      .where(sql`${t.live}`),
  ],
);

/** A payment received for a sponsorship (an invoice Stripe says is paid): the admin's revenue. */
export const sponsorshipPayments = pgTable(
  'sponsorship_payments',
  {
    stripeInvoiceId: varchar('stripe_invoice_id', { length: 255 }).primaryKey(),
    sponsorshipId: integer('sponsorship_id').references(() => sponsorships.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sponsorship_payments_paid_at_idx').on(t.paidAt)],
);

/** Every Stripe event handled, so that each is handled once however often Stripe sends it. */
export const stripeEvents = pgTable('stripe_events', {
  id: varchar('id', { length: 255 }).primaryKey(),
  type: varchar('type', { length: 100 }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A provider's request for a plan, where online payment is off (docs/sponsorship.md#asking-for-a-plan):
 * open until an admin grants it (the plan's level until `until`, set by hand) or refuses it with a
 * reason. One open request per activity.
 */
export const sponsorshipRequests = pgTable(
  'sponsorship_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    /** The provider's account that asked. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    plan: varchar('plan', { length: 20 }).$type<PaidPlan>().notNull(),
    message: text('message'),
    status: varchar('status', { length: 20 }).$type<SponsorshipRequestStatus>().notNull().default('open'),
    /** Granted: the last day set. */
    until: date('until', { mode: 'string' }),
    /** Refused: why, as the provider reads it. */
    reason: text('reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sponsorship_requests_plan_check', sql`${t.plan} in ${inList(PAID_PLANS)}`),
    check('sponsorship_requests_status_check', sql`${t.status} in ${inList(SPONSORSHIP_REQUEST_STATUSES)}`),
    uniqueIndex('sponsorship_requests_one_open_idx')
      .on(t.activityId)
      .where(sql`${t.status} = 'open'`),
    index('sponsorship_requests_status_idx').on(t.status, t.createdAt),
  ],
);
