import { ISO_DAY_FORMAT, TIME_ZONE } from '../../domain/dates';

/**
 * What the worker runs: one formatter of each kind the pages make, in the page's locale, and the one
 * of `todayInParis` (src/domain/dates.ts), which the detail page asks while it hydrates. Written
 * here as text so that the worker needs no request (see warmLocaleData).
 */
const WORKER_SOURCE = `onmessage = (event) => {
  const locale = event.data;
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(1);
  new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilometer' }).format(1);
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: ${JSON.stringify(TIME_ZONE)} }).format(0);
  new Intl.DateTimeFormat(${JSON.stringify(ISO_DAY_FORMAT.locale)}, ${JSON.stringify(ISO_DAY_FORMAT.options)}).format(0);
  postMessage('warm');
};`;

/**
 * Loads the browser's number and date data on another thread while the page starts
 * (docs/rendering.md#locale-data). A page's first `Intl` formatter loads that data: 60 to 110 ms
 * of the main thread in our traces, in one piece, while hydrating the header's temperature.
 * Chromium keeps the data for the whole page, whichever thread loaded it, so a worker that makes
 * the formatters first spares the main thread; elsewhere it costs a short-lived thread. The
 * worker's code comes from a blob, not a file: a file waits for a free connection behind the
 * page's images and data, 300 to 600 ms in our traces. Resolves once the worker is done or could
 * not start; never rejects.
 */
export function warmLocaleData(locale: string): Promise<void> {
  if (typeof Worker === 'undefined' || typeof URL.createObjectURL !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    try {
      const url = URL.createObjectURL(new Blob([WORKER_SOURCE], { type: 'text/javascript' }));
      const worker = new Worker(url, { name: 'warm-intl' });
      const done = () => {
        worker.terminate();
        URL.revokeObjectURL(url);
        resolve();
      };
      worker.addEventListener('message', done);
      worker.addEventListener('error', done);
      worker.postMessage(locale);
    } catch {
      // No worker here: the page's first formatter loads the data itself, as it would anyway.
      resolve();
    }
  });
}
