import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { PROJECT_ROOT } from '../src/server/config.js';
import { openMeteoAnswer, startStandIn } from '../src/server/test/stand-in.js';
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.js';

export { SERVER_NODE_FLAGS };

/** The production build's server and commands (`npm run build`), wherever a benchmark is started from. */
export const BUILD_DIR = path.join(PROJECT_ROOT, 'dist', 'server');
export const BUILT_SERVER = path.join(BUILD_DIR, 'server.js');

/** Map tiles on loopback: one plain 256 px tile for every address, as a tile server sends them. */
async function startTileStandIn(): Promise<{ url: string; close: () => void }> {
  const tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#e9e4d6' } })
    .png()
    .toBuffer();
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=86400' }).end(tile);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`, close: () => server.close() };
}

/**
 * Starts the production build (`npm run build`) on `port` over a fresh in-memory embedded
 * database with the demo seed, and waits until it is ready: the server the browser benchmarks
 * measure (bench/overview-js.ts, bench/lighthouse.ts). The weather and the map tiles come from
 * stand-ins on loopback (the weather's is the tests'), as they would from Open-Meteo and the tile
 * server in production: this machine reaches no outside host, and a page whose weather and tiles
 * fail is not the page visitors get.
 */
export async function startBuiltServer(port: number): Promise<{ base: string; stop: () => void }> {
  const base = `http://127.0.0.1:${port}`;
  const weather = await startStandIn(openMeteoAnswer);
  const tiles = await startTileStandIn();
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, BUILT_SERVER], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: 'memory://',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SESSION_SECRET: 'bench-session-secret-that-is-long-enough-0123',
      PUBLIC_URL: base,
      OPEN_METEO_URL: weather.url,
      MAP_TILE_URL: tiles.url,
    },
    stdio: 'inherit',
  });
  const stop = () => {
    server.kill('SIGTERM');
    void weather.close();
    tiles.close();
  };
  for (let i = 0; i < 100; i++) {
    const ready = await fetch(`${base}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { base, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  stop();
  throw new Error('server did not start');
}
