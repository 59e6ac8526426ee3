import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { E2E } from './ports';

/** A mail an app server wrote: the e2e run has no SMTP, each mail is an .eml file under DATA_DIR/mail. */
export interface WrittenMail {
  to: string;
  subject: string;
  text: string;
}

/** Every mail the app server on `port` wrote, oldest first. */
export async function writtenMails(port: number): Promise<WrittenMail[]> {
  const dir = path.join(E2E.dataDir(port), 'mail');
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (file) => {
      const parsed = await simpleParser(await readFile(path.join(dir, file)));
      const to = parsed.to && 'text' in parsed.to ? parsed.to.text : '';
      return { to, subject: parsed.subject ?? '', text: parsed.text ?? '' };
    }),
  );
}

/** The mails the app server on `port` wrote to `address`, oldest first. */
export async function mailsTo(port: number, address: string): Promise<WrittenMail[]> {
  return (await writtenMails(port)).filter((m) => m.to === address || m.to.endsWith(`<${address}>`));
}
