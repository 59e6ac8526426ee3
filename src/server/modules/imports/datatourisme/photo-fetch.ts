import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { readAll } from './source.js';

/** The largest photo fetched from a flux (an upload may be 10 MB too). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const PHOTO_TIMEOUT_MS = 20_000;
const MAX_REDIRECTS = 3;

/**
 * Addresses a photo URL from a flux must not reach (docs/datatourisme.md#photos): this machine,
 * the local network and the cloud's metadata address. A flux is written by others: its URLs are
 * not trusted to point at the internet.
 */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

function isPrivate(address: string): boolean {
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  const mapped = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i)?.[1];
  return mapped ? PRIVATE.check(mapped, 'ipv4') : PRIVATE.check(address, family);
}

export interface PhotoFetchOptions {
  maxBytes?: number;
  timeoutMs?: number;
  /** Tests serve their photos on loopback. */
  allowPrivate?: boolean;
  /**
   * Origins (`scheme://host:port`, as `URL.origin` writes them) whose photos are fetched even on a
   * private address: IMPORT_PHOTO_PRIVATE_ORIGINS (docs/datatourisme.md#photos). Only an exact match
   * counts, at each hop: a redirect from one of them to any other private address is refused.
   */
  privateOrigins?: readonly string[];
}

async function checkHost(url: URL, allowPrivate: boolean, privateOrigins: readonly string[]) {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not an http(s) address');
  if (allowPrivate || privateOrigins.includes(url.origin)) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true });
  if (addresses.length === 0 || addresses.some(({ address }) => isPrivate(address))) {
    throw new Error('the photo’s address is not on the internet');
  }
}

/**
 * A flux's photo, as bytes: http(s) only, public addresses only (each redirect checked again) unless
 * the origin is one of `privateOrigins`, at most `maxBytes`, within `timeoutMs`. The upload pipeline then checks it is an image.
 */
export async function fetchPhoto(address: string, options: PhotoFetchOptions = {}): Promise<Buffer> {
  const {
    maxBytes = MAX_PHOTO_BYTES,
    timeoutMs = PHOTO_TIMEOUT_MS,
    allowPrivate = false,
    privateOrigins = [],
  } = options;
  const signal = AbortSignal.timeout(timeoutMs);
  let url = new URL(address);
  for (let hop = 0; ; hop++) {
    await checkHost(url, allowPrivate, privateOrigins);
    const response = await fetch(url, { signal, redirect: 'manual', headers: { accept: 'image/*' } });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      if (hop >= MAX_REDIRECTS) throw new Error('too many redirects');
      url = new URL(location, url);
      continue;
    }
    if (response.status !== 200 || !response.body) {
      await response.body?.cancel();
      throw new Error(`answered ${response.status}`);
    }
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > maxBytes) {
      await response.body.cancel();
      throw new Error(`larger than ${maxBytes} bytes`);
    }
    return readAll(Readable.fromWeb(response.body as WebReadableStream), maxBytes);
  }
}
