import { request as httpRequest, createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The answer's header naming the port of the app instance that answered through the proxy. */
export const UPSTREAM_HEADER = 'x-test-upstream';

/**
 * A TLS-ending proxy as a deployment has in front (docs/deployment.md), on
 * loopback and without the TLS: it forwards every request to the app on
 * `target`, from 127.0.0.1, appending the client's address to
 * X-Forwarded-For and saying X-Forwarded-Proto: https, as nginx, Caddy or a
 * load balancer does. Given several ports, it takes them in turn (round
 * robin, as a load balancer over several instances does,
 * docs/deployment.md#several-instances) and says which one answered in
 * `UPSTREAM_HEADER`.
 */
export async function startReverseProxy(
  target: number | readonly number[],
): Promise<{ port: number; close(): Promise<void> }> {
  const targets = typeof target === 'number' ? [target] : target;
  let turn = 0;
  const server: Server = createServer((incoming, outgoing) => {
    const port = targets[turn++ % targets.length] ?? 0;
    const forwardedFor = incoming.headers['x-forwarded-for'];
    const client = incoming.socket.remoteAddress ?? '';
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        localAddress: '127.0.0.1',
        port,
        method: incoming.method,
        path: incoming.url,
        headers: {
          ...incoming.headers,
          'x-forwarded-for': forwardedFor ? `${String(forwardedFor)}, ${client}` : client,
          'x-forwarded-proto': 'https',
        },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, [UPSTREAM_HEADER]: String(port) });
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One HTTP request over a real connection, from the loopback address `from` (127.0.0.0/8). */
export function requestFrom(
  from: string,
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: unknown },
): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        localAddress: from,
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
