import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { and, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { DAY_MS, todayInParis } from '../../../domain/dates.js';
import { SENT_MAIL_KEEP_DAYS } from '../../../domain/privacy.js';
import { type Db, queryRows } from '../../db/client.js';
import { bookings, dataLinks, outbox } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { ANONYMOUS_GUEST, clearGuestMessages } from './repository.js';

/** Rows changed per transaction: a big first run never holds a long lock (docs/privacy.md#retention). */
export const RETENTION_BATCH = 500;
/** A data link is removed this long after it expired (its 410 EXPIRED is told for a day). */
const EXPIRED_LINK_KEEP_MS = DAY_MS;

export interface RetentionReport {
  /** Bookings whose guest's details were erased. */
  bookings: number;
  /** Outbox rows of sent mail removed. */
  outbox: number;
  /** .eml files of written mail removed. */
  mailFiles: number;
  /** Data links removed, long expired. */
  dataLinks: number;
}

/** The day `months` calendar months before `day` (YYYY-MM-DD); the 31st goes to the month's last day. */
export function monthsBefore(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) - months;
  const y = Math.floor(index / 12);
  const m = index - y * 12;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return `${String(y).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}-${String(Math.min(date, last)).padStart(2, '0')}`;
}

/**
 * Erases the guest's details of one batch of bookings that are due: their day more than
 * `retentionMonths` months ago, or past while `erase_after_day` says their guest is gone. The rows,
 * their people, amounts and statuses stay, so every count and sum stays as it was.
 */
async function anonymiseBatch(db: Db, keepFrom: string, today: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          isNull(bookings.anonymisedAt),
          or(lt(bookings.bookingDate, keepFrom), and(sql`${bookings.eraseAfterDay}`, lt(bookings.bookingDate, today))),
        ),
      )
      .orderBy(bookings.id)
      .limit(RETENTION_BATCH)
      .for('update', { skipLocked: true });
    const ids = due.map((row) => row.id);
    if (ids.length === 0) return 0;
    await tx
      .update(bookings)
      .set({
        ...ANONYMOUS_GUEST,
        eraseAfterDay: false,
        anonymisedAt: now,
        updatedAt: now,
      })
      .where(inArray(bookings.id, ids));
    await clearGuestMessages(tx, ids);
    return ids.length;
  });
}

/** Deletes one batch of outbox rows of mail sent before `before`. */
async function deleteSentMailBatch(db: Db, before: Date): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    delete from ${outbox} where ${outbox.id} in (
      select ${outbox.id} from ${outbox}
      where ${outbox.status} = 'sent' and ${outbox.doneAt} < ${before.toISOString()}
      limit ${RETENTION_BATCH})
    returning ${outbox.id}`,
  );
  return rows.length;
}

async function deleteOldLinksBatch(db: Db, before: Date): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    delete from ${dataLinks} where ${dataLinks.id} in (
      select ${dataLinks.id} from ${dataLinks} where ${dataLinks.expiresAt} < ${before.toISOString()}
      limit ${RETENTION_BATCH})
    returning ${dataLinks.id}`,
  );
  return rows.length;
}

/** Runs `batch` until it does less than a whole batch; answers the sum. */
async function inBatches(batch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await batch();
    total += done;
    if (done < RETENTION_BATCH) return total;
  }
}

/** Removes the .eml files (written without SMTP_URL) older than `before`; a folder that is not there holds none. */
async function deleteOldMailFiles(dir: string, before: Date): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith('.eml')) continue;
    const file = path.join(dir, name);
    try {
      if ((await stat(file)).mtime < before) {
        await unlink(file);
        removed++;
      }
    } catch (error) {
      // Another instance removed it first.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return removed;
}

/**
 * The retention job (docs/privacy.md#retention), run by server.ts at start and hourly, on every
 * instance (each batch takes rows no other holds): guests' details erased from bookings
 * `retentionMonths` (a console setting) after their day, or once the day is past for a guest who
 * is gone; sent mail removed after SENT_MAIL_KEEP_DAYS, from the outbox and the mail folder;
 * data links a day after they expired. Answers counts only, which is all it logs.
 */
export async function runRetention(
  deps: Pick<Deps, 'db' | 'clock' | 'site'> & { config: { mail: { dir: string } } },
): Promise<RetentionReport> {
  const { db, clock } = deps;
  const now = clock.now();
  const today = todayInParis(now);
  const { retentionMonths } = await deps.site.current();
  const keepFrom = monthsBefore(today, retentionMonths);
  const mailBefore = new Date(now.getTime() - SENT_MAIL_KEEP_DAYS * DAY_MS);
  return {
    bookings: await inBatches(() => anonymiseBatch(db, keepFrom, today, now)),
    outbox: await inBatches(() => deleteSentMailBatch(db, mailBefore)),
    mailFiles: await deleteOldMailFiles(deps.config.mail.dir, mailBefore),
    dataLinks: await inBatches(() => deleteOldLinksBatch(db, new Date(now.getTime() - EXPIRED_LINK_KEEP_MS))),
  };
}
