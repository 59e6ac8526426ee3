import { serviceUnavailable } from '../errors.js';

/** Fetches JSON from an outside service; a failure, a non-2xx or a timeout is one clear 503. */
export async function fetchOutsideJson(
  url: URL,
  {
    service,
    timeoutMs,
    headers,
    signal,
  }: { service: string; timeoutMs: number; headers?: Record<string, string>; signal?: AbortSignal },
): Promise<unknown> {
  let response: Response;
  try {
    const timeout = AbortSignal.timeout(timeoutMs);
    response = await fetch(url, {
      headers: { Accept: 'application/json', ...headers },
      // Given up after the timeout, or as soon as nobody waits for the answer any more.
      signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
    });
  } catch (error) {
    if (signal?.aborted) throw signal.reason as Error;
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw serviceUnavailable(
      `${service} is not answering${timedOut ? ` (no answer within ${timeoutMs} ms)` : ''}; try again later`,
    );
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw serviceUnavailable(`${service} answered ${response.status}; try again later`);
  }
  try {
    return await response.json();
  } catch {
    throw serviceUnavailable(`${service} sent an answer that is not JSON; try again later`);
  }
}
