import type { Browser, BrowserContext, Page } from '@playwright/test';
import { E2E } from './ports';

/** The identity provider stand-in (its accounts are `<login>@example.com`, verified). */
export const IDP_ORIGIN = `http://127.0.0.1:${E2E.oidcPort}`;

/** A browser context of its own (a second person), with cookies declined and only our servers reachable. */
export async function newPerson(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: E2E.appUrl,
    locale: 'nl-NL',
    viewport: { width: 1366, height: 768 },
  });
  await context.addInitScript(() => localStorage.setItem('discoverlocal-cookie-consent', 'declined'));
  return { context, page: await context.newPage() };
}

const backAtApp = (url: URL) => url.origin === E2E.appUrl;
const atProvider = (url: URL) => url.origin === IDP_ORIGIN && url.pathname.startsWith('/interaction/');

/**
 * Logs in through the identity provider: its login and consent pages the
 * first time; a browser that still has a session there comes straight back.
 */
export async function loginAtProvider(page: Page, login: string) {
  await page.goto('/api/login');
  await page.waitForURL((url) => backAtApp(url) || atProvider(url));
  if (backAtApp(new URL(page.url()))) return;
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('secret');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.waitForURL((url) => backAtApp(url) || atProvider(url));
  if (atProvider(new URL(page.url()))) await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(backAtApp);
}
