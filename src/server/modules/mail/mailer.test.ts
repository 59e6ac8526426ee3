import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { fileMailer, parseSender } from './mailer.js';

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

describe('the sender (docs/site-settings.md#mail)', () => {
  it.each([
    ['DiscoverLocal <no-reply@localhost>', { name: 'DiscoverLocal', address: 'no-reply@localhost' }],
    ['"Office, Limoux" <office@limoux.test>', { name: 'Office, Limoux', address: 'office@limoux.test' }],
    ['<bare@limoux.test>', { name: null, address: 'bare@limoux.test' }],
    ['bare@limoux.test', { name: null, address: 'bare@limoux.test' }],
  ])('reads the address and the display name of MAIL_FROM %s', (from, expected) => {
    expect(parseSender(from)).toEqual(expected);
  });

  it('goes out under the name given at send time, from MAIL_FROM’s address, encoded when it is not ASCII', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dl-mail-'));
    try {
      const dir = path.join(dataDir, 'mail');
      let name = 'Office de Tourisme';
      const mailer = fileMailer(dir, 'DiscoverLocal <no-reply@localhost>', { info: () => undefined } as never, () =>
        Promise.resolve(name),
      );
      const send = async (n: number) => {
        await mailer.send({
          to: 'guest@example.com',
          subject: 'Hi',
          text: 'Hi',
          html: '<p>Hi</p>',
          messageId: `<${n}@x>`,
        });
        const files = (await readdir(dir)).sort();
        const raw = await readFile(path.join(dir, files[files.length - 1] ?? ''), 'utf8');
        return { raw, from: (await simpleParser(raw)).from?.value[0] };
      };
      expect((await send(1)).from).toEqual({ name: 'Office de Tourisme', address: 'no-reply@localhost' });
      name = 'Office de Tourisme à Limoux, Aude';
      const second = await send(2);
      expect(second.from).toEqual({ name: 'Office de Tourisme à Limoux, Aude', address: 'no-reply@localhost' });
      expect(second.raw).toMatch(/^From: =\?UTF-8\?/m);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
