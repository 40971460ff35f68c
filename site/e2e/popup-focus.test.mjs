// Browser tests of the home page's popup and a visitor typing: it never takes keystrokes from a
// field in use, on a phone and a desktop. Runs against the run's sample site in Debian's Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, PHONE, gotoSettled, openPage } from './browser.mjs';
import { browser, server, withSiteAndBrowser } from './shared-site.mjs';

withSiteAndBrowser();

// The popup once opened 5 s after load and took focus from a visitor typing into
// the home search ('Dubai Marina apartment' ended as 'Dubai Mariapartment'). It now waits until
// the field is left, on a phone and a desktop.
for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  test(`the popup never takes keystrokes from a field in use (${name})`, async () => {
    const { context, page, problems } = await openPage(browser, viewport);
    await page.clock.install();
    await gotoSettled(page, server.url + '/');
    const query = page.locator('input[name="query"]').first();
    const popup = page.getByRole('dialog', { name: 'Submit Your Details' });
    // Typing from 3 s after load (on the page's clock), one key each 150 ms: past the popup's 5 s.
    await page.clock.fastForward(3000);
    await query.click();
    const text = 'Dubai Marina apartment';
    await query.pressSequentially(text, { delay: 150 });
    assert.equal(await query.inputValue(), text, 'every keystroke reached the field');
    assert.equal(await popup.isVisible(), false, 'no popup while the field is in use');
    await page.clock.fastForward(2500);
    assert.equal(await popup.isVisible(), false, 'no popup while the field keeps focus');
    assert.ok(await query.evaluate((el) => el === document.activeElement), 'the field keeps focus');
    // Leaving the field: the popup opens soon after.
    await query.evaluate((el) => el.blur());
    await page.clock.fastForward(2 * 1500);
    await popup.waitFor({ state: 'visible', timeout: 5000 });
    assert.equal(await query.inputValue(), text);
    await context.close();
    assert.deepEqual(problems, []);
  });
}
