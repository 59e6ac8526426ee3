import { spawn } from 'node:child_process';

/**
 * Starts the production build (`npm run build`) on `port` over a fresh in-memory embedded
 * database with the demo seed, and waits until it is ready: the server the browser benchmarks
 * measure (bench/overview-js.ts, bench/lighthouse.ts).
 */
export async function startBuiltServer(port: number): Promise<{ base: string; stop: () => void }> {
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['dist/server/server.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: 'memory://',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SESSION_SECRET: 'bench-session-secret-that-is-long-enough-0123',
      PUBLIC_URL: base,
    },
    stdio: 'inherit',
  });
  const stop = () => server.kill('SIGTERM');
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
