/**
 * The browser the benchmarks drive: Debian's Chromium (Playwright's own download does not work on
 * this machine), or the one `CHROMIUM_PATH` names. The full browser, not the headless shell the
 * end-to-end tests prefer: Lighthouse runs Chromium's new headless mode, and the traces of
 * bench/blocking.ts should come from the same browser.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
