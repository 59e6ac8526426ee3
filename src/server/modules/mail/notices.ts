import { and, eq, isNotNull } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, type Language } from '../../../domain/languages.js';
import type { Db } from '../../db/client.js';
import { providers, users } from '../../db/schema/index.js';
import type { MailMessage } from './mailer.js';
import { enqueueMail } from './outbox.js';
import { compose, fill, messageId, TEXTS, type Texts } from './templates.js';

/**
 * Notices: the mails the guide sends about an account's own affairs (an application decided, a
 * listing approved or assigned, a sponsorship set), in the recipient's language, through the
 * outbox (docs/mail.md#notices). Each kind's texts are `notices.<kind>` in the mail locales:
 * a subject, paragraphs and the lead of the link.
 */
export type NoticeKind = keyof Texts['notices'];

/** Who a notice goes to, and in which language. */
export interface Recipient {
  email: string;
  name: string | null;
  language: Language;
  /** The team's inbox of the site settings, not a person's account: its footer says so. */
  teamInbox?: boolean;
}

export interface Notice {
  kind: NoticeKind;
  /** The `{{name}}` values of the kind's texts (plain text; the HTML is escaped later). */
  values?: Record<string, string>;
  /** Where the link leads, a path of the site (e.g. `/provider`). */
  path: string;
}

/** A paragraph made only to carry values that are all empty ("Reason: {{reason}}" with no reason) is left out. */
function saysNothing(paragraph: string, values: Record<string, string>): boolean {
  const names = [...paragraph.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? '');
  return names.length > 0 && names.every((name) => !values[name]?.trim());
}

export function noticeMail(to: Recipient, notice: Notice, publicUrl: string): MailMessage {
  const texts = TEXTS[to.language].notices[notice.kind];
  const values = notice.values ?? {};
  const body = compose(
    to.language,
    to.name,
    {
      paragraphs: texts.paragraphs.filter((p) => !saysNothing(p, values)).map((p) => fill(p, values)),
      summary: [],
      links: [{ lead: texts.action, url: `${publicUrl}${notice.path}` }],
    },
    publicUrl,
    to.teamInbox ? 'team' : 'account',
  );
  return { to: to.email, subject: fill(texts.subject, values), ...body, messageId: messageId(publicUrl) };
}

/** Queues a notice in the caller's transaction; nothing when there is nobody to tell. */
export async function enqueueNotice(
  tx: Db,
  to: Recipient | null,
  notice: Notice,
  { publicUrl, now }: { publicUrl: string; now: Date },
): Promise<void> {
  if (to) await enqueueMail(tx, noticeMail(to, notice, publicUrl), now);
}

const displayName = (u: { firstName: string | null; lastName: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || null;

/** An account, reached at its verified address in the language it last used on the site; null without one. */
export async function userRecipient(db: Db, userId: string): Promise<Recipient | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user?.email || !user.emailVerified) return null;
  return { email: user.email, name: displayName(user), language: user.language ?? DEFAULT_LANGUAGE };
}

/** A provider, through their account (an application always has one, docs/accounts.md). */
export async function providerRecipient(db: Db, providerId: number): Promise<Recipient | null> {
  const [provider] = await db.select({ userId: providers.userId }).from(providers).where(eq(providers.id, providerId));
  return provider?.userId ? userRecipient(db, provider.userId) : null;
}

/**
 * The team: its inbox when the site settings name one, else every admin account (each in their
 * own language).
 */
export async function teamRecipients(db: Db, teamInbox: string | null): Promise<Recipient[]> {
  if (teamInbox) return [{ email: teamInbox, name: null, language: DEFAULT_LANGUAGE, teamInbox: true }];
  // One query: inside a transaction `db` is one connection, which takes one query at a time.
  const admins = await db
    .select()
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.emailVerified, true), isNotNull(users.email)))
    .orderBy(users.createdAt);
  return admins.flatMap((admin) =>
    admin.email ? [{ email: admin.email, name: displayName(admin), language: admin.language ?? DEFAULT_LANGUAGE }] : [],
  );
}
