import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../../deps.js';
import { REQUEST_ID_HEADER } from '../../plugins/log-redaction.js';
import type { Catalog } from './service.js';
import { MINUTE_MS } from '../../../domain/dates.js';

/**
 * Answers of the public reads, kept ready (docs/read-model.md#http-caching):
 * the JSON bytes of an answer (and their gzip and brotli forms, made the
 * first time someone asks for them) per URL, with an ETag of their content,
 * until the read model changes. A request for a URL answered before skips
 * validation, the handler and serialization; `If-None-Match` gets a 304.
 */

/** Lists and searches: fresh for a minute, then served stale while a CDN asks again. */
export const LIST_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';
/** One activity, the stats, the tags. */
export const ITEM_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=3600';

interface Answer {
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  etag: string;
  cacheControl: string;
  headers: Record<string, string>;
  /**
   * For an answer that depends on the time (the activities' status, the when filter): the minute
   * (of Unix time) it was made in; it is not served in another minute. Undefined: the same all day.
   */
  minute?: number;
}

/** The minute of `now`: Europe/Paris is a whole number of minutes from UTC, so its minutes change with Unix time's. */
const minuteOf = (now: Date) => Math.floor(now.getTime() / MINUTE_MS);

/** Enough for every page and filter people use; an endless variety of URLs only pushes the oldest out. */
const MAX_ANSWERS = 5000;
/**
 * Each answer counted as twice its JSON (its gzip and brotli forms beside it): some 390 lists of 24
 * activities (21 kB of JSON each). What the process holds at 50,000 activities: docs/read-model.md#memory.
 */
const MAX_BYTES = 16 * 1024 * 1024;

export interface AnswerCache {
  /** Route option: answers a URL seen before, at the current version of the read model. */
  onRequest: onRequestHookHandler;
  /**
   * Serializes `payload`, keeps it, and sends it (or a 304). Kept for the URL, or under `key`; `at`:
   * the moment a time-dependent payload was computed for, it is then kept for that minute only.
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    cacheControl: string,
    kept?: { at?: Date; key?: string },
  ): FastifyReply;
  /** Sends the answer kept under `key` (or a 304); false when there is none (for this minute). */
  sendKept(request: FastifyRequest, reply: FastifyReply, key: string): FastifyReply | false;
  clear(): void;
  readonly size: number;
}

const matches = (header: string | undefined, etag: string) =>
  header !== undefined && header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag.replace(/^W\//, ''));

function encodingFor(request: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = request.headers['accept-encoding'];
  if (typeof accepted !== 'string') return null;
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/**
 * `bytes` in a buffer of their own length. A kept answer lives until the read model changes, and
 * keeps alive the whole memory its bytes are a view of: a small `Buffer.from` is a slice of an 8 kB
 * pool, and zlib's one-shot output a slice of its 16 kB output chunk (a 3 kB brotli answer held 16 kB:
 * docs/read-model.md#memory).
 */
export function ownBytes(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

/** The bytes of `answer` in the encoding the client takes: small answers as they are, larger ones compressed once. */
function encoded(request: FastifyRequest, answer: Answer): { bytes: Buffer; encoding: 'br' | 'gzip' | null } {
  const encoding = answer.body.length >= 1024 ? encodingFor(request) : null;
  if (encoding === 'br') {
    answer.br ??= ownBytes(brotliCompressSync(answer.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
    return { bytes: answer.br, encoding };
  }
  if (encoding === 'gzip') {
    answer.gzip ??= ownBytes(gzipSync(answer.body, { level: 6 }));
    return { bytes: answer.gzip, encoding };
  }
  return { bytes: answer.body, encoding: null };
}

function reply304or200(request: FastifyRequest, reply: FastifyReply, answer: Answer) {
  reply.header('ETag', answer.etag).header('Cache-Control', answer.cacheControl).header('Vary', 'Accept-Encoding');
  if (matches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value);
  reply.type('application/json; charset=utf-8');
  const { bytes, encoding } = encoded(request, answer);
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.send(bytes);
}

/**
 * An answer (kept, or just made and kept) to a request with no cookie, written straight to the connection
 * (docs/read-model.md#http-caching): with no session, nothing that Fastify's sending would do
 * applies but the headers, and they are all here: those of the hooks before (the security headers
 * are on the response already), the request's id, and the answer's. Half the cost of a public read
 * was that sending (the onSend hooks of compression, cookies, sessions and the app). The
 * onResponse hooks (the log) still run.
 */
function sendKeptDirectly(request: FastifyRequest, reply: FastifyReply, answer: Answer) {
  const unchanged = matches(request.headers['if-none-match'], answer.etag);
  const { bytes, encoding } = unchanged ? { bytes: null, encoding: null } : encoded(request, answer);
  // The hooks' headers that are not on the connection's response yet: the security headers are, and
  // setting them again would check each of them a second time.
  const headers: Record<string, string | number | string[]> = {};
  const raw = reply.raw;
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined && !raw.hasHeader(name)) headers[name] = value;
  headers[REQUEST_ID_HEADER] = request.id;
  headers.etag = answer.etag;
  headers['cache-control'] = answer.cacheControl;
  headers.vary = 'Accept-Encoding';
  if (bytes !== null) {
    Object.assign(headers, answer.headers);
    headers['content-type'] = 'application/json; charset=utf-8';
    headers['content-length'] = bytes.length;
    if (encoding) headers['content-encoding'] = encoding;
  }
  reply.hijack();
  reply.raw.writeHead(unchanged ? 304 : 200, headers);
  reply.raw.end(bytes ?? undefined);
  return reply;
}

/** An answer: straight to the connection when the request has no cookie, else through Fastify. */
const respond = (request: FastifyRequest, reply: FastifyReply, answer: Answer) =>
  request.headers.cookie === undefined
    ? sendKeptDirectly(request, reply, answer)
    : reply304or200(request, reply, answer);

/**
 * `consistentReads`: every read first waits until the read model has every
 * change committed before it (one NOTIFY round trip to the database), up to
 * CONSISTENT_READ_WAIT_MS. The API tests use it, as they write with factories
 * straight into the database; the app does not (a read then never touches the
 * database).
 */
/**
 * How long a consistent read waits for the read model at most: more than a write's second, which a
 * test's statement of thousands of activities (a whole read) came near on a busy machine
 * (docs/read-model.md#keeping-it-current).
 */
const CONSISTENT_READ_WAIT_MS = 10_000;

export function createAnswerCache(
  catalog: Catalog,
  { consistentReads = false, clock }: { consistentReads?: boolean; clock?: Clock } = {},
): AnswerCache {
  const now = () => clock?.now() ?? new Date();
  const answers = new LRUCache<string, Answer>({
    max: MAX_ANSWERS,
    maxSize: MAX_BYTES,
    sizeCalculation: (answer) => answer.body.length * 2 + 200,
  });
  catalog.onChange(() => answers.clear());
  /** The kept answer of a URL, unless it was made for another minute (docs/read-model.md#http-caching). */
  const current = (url: string) => {
    const answer = answers.get(url);
    if (answer === undefined || answer.minute === undefined || answer.minute === minuteOf(now())) return answer;
    return undefined;
  };

  return {
    onRequest: consistentReads
      ? async (request, reply) => {
          await catalog.sync(CONSISTENT_READ_WAIT_MS);
          const answer = current(request.url);
          if (answer) return respond(request, reply, answer);
        }
      : (request, reply, done) => {
          const answer = current(request.url);
          if (!answer) return done();
          respond(request, reply, answer);
        },

    sendKept(request, reply, key) {
      const answer = current(key);
      return answer ? reply304or200(request, reply, answer) : false;
    },

    send(request, reply, payload, cacheControl, { at, key = request.url } = {}) {
      const body = ownBytes(Buffer.from(JSON.stringify(payload)));
      const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
      const headers: Record<string, string> = {};
      for (const name of ['x-total-count', 'x-when-matches', 'link', 'x-weather-suggestion']) {
        const value = reply.getHeader(name);
        if (typeof value === 'string') headers[name] = value;
      }
      const answer: Answer = { body, etag, cacheControl, headers };
      if (at !== undefined) answer.minute = minuteOf(at);
      // Computed and kept in one go: no change of the read model can come in between.
      answers.set(key, answer);
      return respond(request, reply, answer);
    },

    clear: () => answers.clear(),
    get size() {
      return answers.size;
    },
  };
}
