import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeTo: string[];
  parsed: ParsedMail;
  raw: string;
}

export interface SmtpStandIn {
  /** smtp://127.0.0.1:<port> (no TLS, no auth: loopback only). */
  url: string;
  received: ReceivedMail[];
  /** Stops answering (connections are refused) until `start` again, on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** A real SMTP server (the `smtp-server` package) on loopback that keeps every mail it is given. */
export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const received: ReceivedMail[] = [];
  let port = 0;
  let server: SMTPServer | null = null;

  const listen = async () => {
    const instance = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          simpleParser(raw).then(
            (parsed) => {
              received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), parsed, raw });
              callback();
            },
            (error: Error) => callback(error),
          );
        });
      },
    });
    await new Promise<void>((resolve) => instance.listen(port, '127.0.0.1', resolve));
    port = (instance.server.address() as AddressInfo).port;
    server = instance;
  };

  const stop = async () => {
    const running = server;
    server = null;
    if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
  };

  await listen();
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    stop,
    start: listen,
    close: stop,
  };
}
