import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { MailConfig } from '../../config.js';
import { ensurePrivateDir } from '../../private-dir.js';

/** A rendered mail, ready to send: what the outbox keeps. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The same id on every attempt, so a mail that was sent twice after a crash is one message to mail clients. */
  messageId: string;
  attachments?: { filename: string; content: string; contentType: string }[];
}

export interface Mailer {
  /** Sends one mail; throws when it could not be handed over (the outbox tries again later). */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** The address of a From header (`Name <address>` or a bare address) and its display name, if any. */
export function parseSender(from: string): { name: string | null; address: string } {
  const match = /^(.*)<([^<>]+)>\s*$/s.exec(from);
  if (!match) return { name: null, address: from.trim() };
  const name = (match[1] ?? '')
    .trim()
    .replace(/^"(.*)"$/s, '$1')
    .trim();
  return { name: name || null, address: (match[2] ?? '').trim() };
}

/**
 * The display name mails go out under, asked at each send: the site's setting
 * (docs/site-settings.md), so that a change applies to the next mail without a restart.
 */
export type SenderName = () => Promise<string>;

/** The From header: the address from the environment (MAIL_FROM), the name from the settings when given. */
async function senderOf(from: string, senderName: SenderName | undefined) {
  if (!senderName) return from;
  // nodemailer quotes and encodes the name itself; the settings allow no line breaks nor `<>"` in it.
  return { name: await senderName(), address: parseSender(from).address };
}

function nodemailerMessage(from: string | { name: string; address: string }, message: MailMessage) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: message.messageId,
    attachments: message.attachments?.map((a) => ({
      filename: a.filename,
      content: a.content,
      contentType: a.contentType,
    })),
  };
}

/** Over SMTP (SMTP_URL), with short timeouts: a mail server that hangs is a retry later, not a stuck worker. */
export function smtpMailer(url: string, from: string, senderName?: SenderName): Mailer {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 5000,
    greetingTimeout: 5000,
    socketTimeout: 10_000,
  });
  return {
    async send(message) {
      await transport.sendMail(nodemailerMessage(await senderOf(from, senderName), message));
    },
    close: () => transport.close(),
  };
}

/**
 * Without SMTP: every mail is written as an .eml file under `dir` (DATA_DIR/mail)
 * and its path logged (not its recipient), so a first run works with no mail server.
 */
export function fileMailer(
  dir: string,
  from: string,
  log: Pick<FastifyBaseLogger, 'info'>,
  senderName?: SenderName,
): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail(nodemailerMessage(await senderOf(from, senderName), message));
      await ensurePrivateDir(dir);
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      // The file, never its recipient nor its subject (docs/privacy.md#logs): the file holds both.
      log.info({ file }, 'mail written to a file (no SMTP_URL)');
    },
    close: () => undefined,
  };
}

export function mailerFor(config: MailConfig, log: Pick<FastifyBaseLogger, 'info'>, senderName?: SenderName): Mailer {
  return config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.from, senderName)
    : fileMailer(config.dir, config.from, log, senderName);
}
