import { createHash } from 'node:crypto';
import type { Language } from '../../../domain/languages.js';
import { type EventDates, eventDatesProblem } from '../../../domain/event-dates.js';
import { toCents, toEuros } from '../../../domain/money.js';
import {
  type ActivityState,
  type CreateActivityBody,
  IMMEDIATE_FIELDS,
  type ProviderActivity,
  REVIEWED_FIELDS,
  type ReviewedContent,
  TRANSLATED_PRACTICAL_FIELDS,
  type UpdateActivityBody,
} from '../../../domain/provider-activities.js';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { assertInServiceArea } from '../../outside/service-area.js';
import { photoAddressFor } from '../photos/service.js';
import * as repo from './repository.js';

/*
 * Listings: what the provider's workspace and the admins' moderation both need to know of an activity
 * (docs/architecture.md#modules): how it is presented, the hash of a request, how a change merges, and
 * the checks of its place and an event's dates.
 */

type Translation = NonNullable<ReviewedContent['translations'][Language]>;

export function stateOf(row: repo.ActivityRow, latest: repo.RevisionRow | undefined): ActivityState {
  if (row.isApproved) return 'published';
  if (!latest) return 'draft';
  return latest.status === 'rejected' ? 'rejected' : latest.status === 'pending' ? 'pending' : 'draft';
}

/**
 * What a request asks for, whole. A request saved before hours, contact and website were reviewed
 * lacks those fields: it did not ask to change them, so they are what the activity holds
 * (docs/moderation.md#activities).
 */
export function proposedOf(revision: repo.RevisionRow, row: repo.ActivityRow): ReviewedContent {
  const { translations: _none, ...asIs } = repo.contentOfRow(row, {});
  return { ...asIs, ...revision.content };
}

/** JSON with its keys in order, at every depth: the same content always gives the same text. */
export function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([key, inner]) => [key, canonical(inner)]));
  }
  return value;
}

/** The hash the queue shows with a request and a decision sends back (docs/moderation.md#activities). */
export function contentHash(content: ReviewedContent): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(content)))
    .digest('hex');
}

export function present(
  row: repo.ActivityRow,
  translations: ReviewedContent['translations'],
  latest: repo.RevisionRow | undefined,
  bookingCount: number,
): ProviderActivity {
  const pending = latest?.status === 'pending' ? latest : undefined;
  const content = pending ? proposedOf(pending, row) : repo.contentOfRow(row, translations);
  return {
    id: row.id,
    ...content,
    imageUrl: photoAddressFor(content.imageUrl, row),
    price: row.priceCents === null ? null : toEuros(row.priceCents),
    eventStart: row.eventStart,
    eventEnd: row.eventEnd,
    weeklyHours: row.weeklyHours,
    bookingRequired: row.bookingRequired,
    setting: row.setting,
    isActive: row.isActive,
    isApproved: row.isApproved,
    state: stateOf(row, latest),
    pendingChanges: pending !== undefined && row.isApproved,
    review: latest
      ? {
          status: latest.status as 'pending' | 'approved' | 'rejected',
          reason: latest.moderationReason,
          at: (latest.moderatedAt ?? latest.createdAt).toISOString(),
        }
      : null,
    sponsorLevel: row.sponsorLevel,
    sponsoredUntil: row.sponsoredUntil,
    rating: Number(row.rating),
    reviewCount: row.reviewCount,
    bookingCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function presentAll(db: Db, rows: { activity: repo.ActivityRow; bookingCount: number }[]) {
  const ids = rows.map((r) => r.activity.id);
  const [translations, latest] = await Promise.all([repo.translationsOf(db, ids), repo.latestRevisions(db, ids)]);
  return rows.map((r) =>
    present(r.activity, translations.get(r.activity.id) ?? {}, latest.get(r.activity.id), r.bookingCount),
  );
}

/** The columns of the fields that change at once. */
export function immediateValues(body: UpdateActivityBody) {
  const values: Partial<repo.ActivityRow> = {};
  if (body.price !== undefined) values.priceCents = body.price === null ? null : toCents(body.price);
  for (const field of IMMEDIATE_FIELDS) {
    if (field !== 'price' && body[field] !== undefined) Object.assign(values, { [field]: body[field] });
  }
  if (body.isActive !== undefined) values.isActive = body.isActive;
  return values;
}

/**
 * The dates of an event's edition after a change (docs/product.md#event-dates): in order, at most
 * half a year, and not over when they are entered. A change of other fields leaves past dates alone.
 */
export function checkEventDates(current: EventDates, body: UpdateActivityBody, today: string) {
  if (body.eventStart === undefined && body.eventEnd === undefined) return;
  const next: EventDates = {
    eventStart: body.eventStart === undefined ? current.eventStart : body.eventStart,
    eventEnd: body.eventEnd === undefined ? current.eventEnd : body.eventEnd,
  };
  const problem = eventDatesProblem(next, today);
  if (problem) {
    // Worded like the schema's own errors (docs/api.md#errors): the field, then what to fix.
    const message = `${problem.path} ${problem.message}`;
    throw new AppError('VALIDATION_FAILED', `Invalid body: ${message}`, [{ path: problem.path, message }]);
  }
}

/**
 * The reviewed content after a change. Translations, when given, replace the ones there were;
 * a language's place, opening hours or market days left out keep what that language had, unless
 * the change gives the original of that field anew: then the old translation of it is dropped
 * (docs/provider-workspace.md#lifecycle).
 */
export function mergeContent(
  base: ReviewedContent,
  body: UpdateActivityBody & { imageUrl?: string | null },
): ReviewedContent {
  const next = { ...base };
  for (const field of REVIEWED_FIELDS) {
    if (body[field] !== undefined) Object.assign(next, { [field]: body[field] });
  }
  const renewed = TRANSLATED_PRACTICAL_FIELDS.filter((f) => body[f] !== undefined && body[f] !== base[f]);
  const translations: ReviewedContent['translations'] = {};
  for (const [language, text] of Object.entries(next.translations) as [Language, Translation][]) {
    // The original language has no translation of its own.
    if (language === next.language) continue;
    const had = base.translations[language];
    const merged = { ...text };
    for (const field of TRANSLATED_PRACTICAL_FIELDS) {
      if (renewed.includes(field) && (body.translations === undefined || text[field] === undefined)) {
        merged[field] = null;
      } else if (text[field] === undefined && had?.[field] !== undefined) {
        merged[field] = had[field];
      }
    }
    translations[language] = merged;
  }
  next.translations = translations;
  return next;
}

export function checkPosition(config: Deps['config'], content: { latitude: number; longitude: number }) {
  try {
    assertInServiceArea(config.serviceArea, content.latitude, content.longitude);
  } catch (error) {
    if (error instanceof AppError) {
      throw new AppError(error.code, error.message, [
        { path: 'latitude', message: error.details?.[0]?.message ?? error.message },
      ]);
    }
    throw error;
  }
}

export const notFound = () => new AppError('ACTIVITY_NOT_FOUND', 'Activity not found');

/** The reviewed fields of a new activity, from the form's body. */
export function newContent(body: CreateActivityBody): ReviewedContent {
  return mergeContent(
    {
      name: body.name,
      description: body.description,
      language: body.language,
      translations: {},
      category: body.category,
      location: null,
      address: null,
      city: body.city,
      latitude: body.latitude,
      longitude: body.longitude,
      imageUrl: null,
      openingHours: null,
      marketDays: null,
      contactPhone: null,
      contactEmail: null,
      website: null,
    },
    body,
  );
}
