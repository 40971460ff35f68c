import { startServer } from './server.mjs';
import { launch, openPage, gotoSettled } from './browser.mjs';
const server = await startServer();
const browser = await launch();
try {
  const { page } = await openPage(browser, { width: 390, height: 844 });
  await gotoSettled(page, `${server.url}/ar/search-residential?type=Apartments&bedrooms=7`);
  await page.locator('.search-help a').first().waitFor();
  await page.locator('#results-count').scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, -100));
  await page.screenshot({ path: `/tmp/shots/ar-390-toolbar.png` });
} finally { await browser.close(); await server.stop(); }
