// `npm run dev`: the API with reload (tsx watch) and the web client with hot reload (Vite, proxying /api).
import { spawn } from 'node:child_process';

// The server defaults to production; here it is development (log level, reloads), unless told otherwise.
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' };
const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/server.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
