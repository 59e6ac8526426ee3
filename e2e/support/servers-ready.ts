import { E2E } from './ports';

/** How long the app servers may take to start together: each seeds its database and builds its read model. */
const START_TIMEOUT_MS = 120_000;

/**
 * Playwright starts its web servers one after the other, waiting for each before the next: the four
 * app servers start side by side instead (playwright.config.ts names no address for three of them,
 * so it does not wait), and the tests begin once every one of them says it is ready.
 */
export default async function serversReady() {
  const deadline = Date.now() + START_TIMEOUT_MS;
  const waiting = new Set([E2E.appUrl, E2E.offlineUrl, E2E.paymentsUrl, E2E.clockUrl]);
  while (waiting.size > 0) {
    for (const url of waiting) {
      const ready = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(5_000) }).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) waiting.delete(url);
    }
    if (waiting.size === 0) return;
    if (Date.now() > deadline)
      throw new Error(`app servers not ready after ${START_TIMEOUT_MS / 1000} s: ${[...waiting].join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
