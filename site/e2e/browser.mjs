// Debian's Chromium driven by playwright-core (no browser download), as the project requires.
import { chromium } from 'playwright-core';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };

export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    // Playwright gives every launch a fresh profile directory of its own.
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/**
 * A page that records console errors, page errors and React hydration warnings, so a test can
 * assert there were none (`expectNotFound` lets pass the 404s a not-found page is answered with). External requests (maps, fonts) are refused: tests never need the
 * internet.
 */
export async function openPage(browser, viewport, { expectNotFound = false, ...options } = {}) {
  // Reduced motion: screenshots show finished states, not the middle of an animation.
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce', ...options });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  const page = await context.newPage();
  const problems = [];
  page.on('console', (message) => {
    const text = message.text();
    // Requests to other hosts are refused above on purpose; their failures are not the page's.
    const external = !(message.location().url ?? '').startsWith('http://127.0.0.1');
    if (text.startsWith('Failed to load resource') && external) return;
    // On a page that is meant to be "not found", the browser logs the 404s it was answered.
    if (expectNotFound && text.includes('status of 404')) return;
    if (message.type() === 'error' || /hydrat/i.test(text)) problems.push(`console ${message.type()}: ${text}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { context, page, problems };
}
