import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { fileMailer } from './mailer.js';

describe('mail without an SMTP server', () => {
  it('is written as an .eml file under DATA_DIR/mail, readable by this user only, and its path logged', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dl-mail-'));
    const logged: { file?: string }[] = [];
    try {
      const dir = path.join(dataDir, 'mail');
      const mailer = fileMailer(dir, 'DiscoverLocal <no-reply@localhost>', {
        info: (o: object) => void logged.push(o),
      } as never);
      await mailer.send({
        to: 'guest@example.com',
        subject: 'Je boekingsaanvraag voor Raften',
        text: 'Hallo Sanne,',
        html: '<p>Hallo Sanne,</p>',
        messageId: '<1@localhost>',
        attachments: [{ filename: 'booking.ics', content: 'BEGIN:VCALENDAR', contentType: 'text/calendar' }],
      });
      const [file] = await readdir(dir);
      expect(file).toMatch(/\.eml$/);
      expect(logged[0]?.file).toBe(path.join(dir, file ?? ''));
      expect((await stat(dir)).mode & 0o777).toBe(0o700);
      const parsed = await simpleParser(await readFile(path.join(dir, file ?? '')));
      expect(parsed.subject).toBe('Je boekingsaanvraag voor Raften');
      expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toBe('guest@example.com');
      expect(parsed.attachments.map((a) => a.filename)).toEqual(['booking.ics']);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
