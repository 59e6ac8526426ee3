import { readFileSync } from 'node:fs';

/**
 * Node's flags for the production build, read from `npm start`'s command, so that the benchmarks and
 * the end-to-end tests run the server as it is deployed (docs/deployment.md#memory).
 */
export const SERVER_NODE_FLAGS: string[] = (() => {
  const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    scripts: { start: string };
  };
  const command = /\bnode ((?:--\S+ )*)dist\/server\/server\.js/.exec(scripts.start);
  if (!command) throw new Error('package.json: `npm start` no longer runs node dist/server/server.js');
  return (command[1] ?? '').split(' ').filter(Boolean);
})();
