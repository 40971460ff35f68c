// The browser editor driven as an agent at the agency would: each save reaches `estate serve`'s
// content folder, the site is rebuilt, and the outcome shows in /cms/ (the status panel beside the
// CMS) in an editor's words. The CMS works on the browser's private file system (a headless
// browser has no folder picker, see cms-repo.mjs); every file it writes there is copied at once
// into the content folder the server watches, as the real picker's folder would be written.
//
// The screenshots of the editor's guide (docs/editors.md) are taken here, at 1000 px wide, so
// they show the CMS as it is: docs/editors/*.jpg (with ESTATE_GUIDE_SHOTS=1).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repo } from './server.mjs';
import { framesDrawn, plain, screenshot } from './browser.mjs';
import { browser, content, repository, server, withWatchedCopy } from './shared-site.mjs';
import { choose, fillIn, formErrors, reveal } from './cms-repo.mjs';
import * as session from './cms-session.mjs';
import { openEntry, panelText, signIn } from './cms-session.mjs';

// The guide's pictures are written into docs/ only when asked (ESTATE_GUIDE_SHOTS=1, then
// commit them); an ordinary run writes them beside the other test screenshots, so running the
// suite never leaves changed files in the repository.
const GUIDE_SHOTS = process.env.ESTATE_GUIDE_SHOTS === '1';
const GUIDE = GUIDE_SHOTS ? join(repo, 'docs', 'editors') : join(repo, 'site', 'e2e', 'screenshots', 'editors');
mkdirSync(GUIDE, { recursive: true });
const MARINA = 'marina-gate-two-bedroom-sea-view';
const MARINA_TITLE = 'Marina Gate Two-Bedroom with Full Sea View';
// The listing marked sold, and the post that links to it (the link is added to the copy).
const DOWNTOWN = 'downtown-one-bedroom-burj-view';
const DOWNTOWN_TITLE = 'Downtown One-Bedroom Facing Burj Khalifa';
const POST = 'mortgage-guide-for-expats-in-dubai';
const POST_TITLE = 'A Mortgage Guide for Expats Buying in Dubai';

// The copy in a folder named as an agency's repository would be: the first screen names it.
withWatchedCopy('estate-cms-editor-', {
  name: 'palm-crest-website',
  prepare(content) {
    const post = join(content, 'blog', `${POST}.md`);
    writeFileSync(post, `${readFileSync(post, 'utf8')}\nA home we sold recently: [in Downtown](/property/${DOWNTOWN}).\n`);
  },
});

/** /cms/ on the local repository, each file the CMS writes copied into the served content. */
const openCms = () => session.openCms({ browser, server, content, repository });
/** The status panel once it shows an outcome newer than `since` (its text). */
const outcome = (page, since) => session.outcome(page, since, { server });

/** Closes a context whose page answers status.json itself: a poll of the panel's may be in its
 * route handler then, whose response the close disposes (an unhandled rejection after the test
 * had passed, seen under load); the handlers are taken off first, such errors ignored. */
async function closeRouted(page, context) {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.close();
}

/** The guide's pictures this file has taken. */
const taken = new Set();

/** A guide screenshot: `name`.jpg under docs/editors/, small enough to keep in the repository. */
async function shot(page, name) {
  taken.add(`${name}.jpg`);
  // After the CMS's page transitions (a fade of about a quarter second); for the guide also once
  // its 'Entry saved.' note, which covers the status panel's last line, is gone (it stays about
  // three seconds: an ordinary run's pictures, for a person checking the test, need not wait).
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
  if (GUIDE_SHOTS) await page.getByText('Entry saved.').waitFor({ state: 'hidden', timeout: 15_000 }).catch(() => {});
  const options = { path: join(GUIDE, `${name}.jpg`), type: 'jpeg', quality: 60 };
  await (GUIDE_SHOTS ? page.screenshot(options) : screenshot(page, options));
}

/** Shows the form's pane of `language` (English, Arabic): buttons side by side on a wide
 * screen, a list on a narrow one. */
async function pane(page, language) {
  const button = page.getByRole('radio', { name: language, exact: true });
  if (await button.first().isVisible()) return button.first().click();
  // The list has no label of its own: it is the one showing a language's name.
  await page.getByRole('combobox').filter({ hasText: /English|Arabic|Russian/ }).first().click();
  await page.getByRole('option', { name: language, exact: true }).first().click();
}

test('a price typed with commas is published and the outcome shows in /cms/ with a link to the page', async () => {
  const { context, page, errors } = await openCms();
  await shot(page, '01-sign-in');
  const first = await page.locator('body').innerText();
  // The first screen names the folder to pick by its own name, not a placeholder.
  assert.doesNotMatch(first, /REPOSITORY/);
  assert.match(plain(first), /select the root directory of the “palm-crest-website” repository/);
  await signIn(page);
  await page.getByText(MARINA_TITLE).locator('visible=true').first().click();
  const price = await reveal(page, page.getByRole('textbox', { name: 'Price (AED)' }));
  await price.fill('2,950,000');
  await price.scrollIntoViewIfNeeded();
  await shot(page, '06-change-price');
  const before = await panelText(page);
  await page.getByRole('button', { name: 'Save' }).click();
  const { panel, text, published } = await outcome(page, before);
  assert.ok(published, text);
  assert.match(text, /^Published at \d\d:\d\d:\d\d on \d\d\/\d\d\/\d{4}/);
  // The date day first, as in Dubai (DD/MM/YYYY), the agency's day (now, or a minute ago at midnight).
  const day = (at) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Dubai', day: '2-digit', month: '2-digit', year: 'numeric' }).format(at);
  const dayShown = text.match(/ on (\d\d\/\d\d\/\d{4})/)[1];
  assert.ok([day(new Date()), day(new Date(Date.now() - 120_000))].includes(dayShown), `${dayShown} is not today in Dubai, day first`);
  assert.match(text, new RegExp(`Listing “${MARINA_TITLE}”`));
  const link = panel.getByRole('link', { name: 'View the page' });
  assert.equal(await link.getAttribute('href'), `/property/${MARINA}`);
  // The listing's quality as the portals grade it, and what to add first, under its line.
  const graded = text.slice(text.indexOf(`Listing “${MARINA_TITLE}”`));
  assert.match(graded, /^[^\n]*\nQuality as the portals grade it: \d{1,3}\/100\n(Add|Write|Shorten|Replace|Set) /, text);
  await shot(page, '07-published');
  // The site really shows it.
  const record = await (await fetch(`${server.url}/api/properties/${MARINA}.json`)).json();
  assert.equal(record.price, 2950000);
  assert.match(readFileSync(join(content, 'properties', `${MARINA}.yaml`), 'utf8'), /^price: '?2,950,000'?$/m);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a listing a post links to, marked sold in the CMS, is published with the post, its page says so in English, Arabic and Russian, and the next save is published too', async () => {
  const { context, page, errors } = await openCms();
  await signIn(page);
  await openEntry(page, DOWNTOWN_TITLE);
  await (await reveal(page, page.getByRole('radio', { name: 'sold', exact: true }))).click();
  await page.getByRole('radio', { name: 'sold', exact: true }).first().scrollIntoViewIfNeeded();
  await shot(page, '08-mark-sold');
  const before = await panelText(page);
  await page.getByRole('button', { name: 'Save' }).click();
  const sold = await outcome(page, before);
  // Published, the listing off the site, and the post's link named as worth a look.
  assert.ok(sold.published, sold.text);
  assert.match(sold.text, new RegExp(`Listing “${DOWNTOWN_TITLE}” \\(not on the site: its status is sold\\)`));
  assert.match(sold.text, new RegExp(`Blog post “${POST_TITLE}”[^\\n]*that listing is sold`));
  await shot(page, '09-marked-sold');
  assert.equal((await fetch(`${server.url}/api/properties/${DOWNTOWN}.json`)).status, 404);
  // The post is published and its link opens the listing's page, which says it is gone, in each language.
  assert.match(await (await fetch(`${server.url}/api/blogs.json`)).text(), new RegExp(POST));
  const view = await context.newPage();
  view.on('pageerror', (error) => errors.push(error.message));
  for (const [lang, heading] of [
    ['', 'This property is no longer available'],
    ['/ar', 'هذا العقار لم يعد متاحًا'],
    ['/ru', 'Этот объект больше недоступен'],
  ]) {
    const answer = await view.goto(`${server.url}${lang}/property/${DOWNTOWN}`);
    assert.equal(answer.status(), 200, lang);
    assert.equal((await view.getByRole('heading', { level: 1 }).innerText()).trim(), heading, lang);
    assert.equal(await view.locator('meta[name="robots"]').getAttribute('content'), 'noindex, nofollow', lang);
    if (lang === '/ar') await shot(view, '10-sold-page-arabic');
  }
  await view.close();
  // The next, unrelated save: another listing's price, published.
  await openEntry(page, MARINA_TITLE);
  const price = await reveal(page, page.getByRole('textbox', { name: 'Price (AED)' }));
  await price.fill('3,100,000');
  await page.getByRole('button', { name: 'Save' }).click();
  const next = await outcome(page, sold.text);
  assert.ok(next.published, next.text);
  assert.match(next.text, new RegExp(`Listing “${MARINA_TITLE}”`));
  assert.equal((await (await fetch(`${server.url}/api/properties/${MARINA}.json`)).json()).price, 3100000);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a price of 0 or written wrong is refused in the form, with what to write', async () => {
  const { context, page } = await openCms();
  await signIn(page);
  await page.getByText(MARINA_TITLE).locator('visible=true').first().click();
  const price = await reveal(page, page.getByRole('textbox', { name: 'Price (AED)' }));
  for (const wrong of ['0', '2.950.000', '29,50,000']) {
    await price.fill(wrong);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/Leave the price empty for "Contact for price"; 0 is not a price\./).first().waitFor({ timeout: 10_000 });
  }
  await price.scrollIntoViewIfNeeded();
  await shot(page, '14-price-refused');
  assert.doesNotMatch(readFileSync(join(content, 'properties', `${MARINA}.yaml`), 'utf8'), /^price: '?(0|2\.950)/m);
  await context.close();
});

test('a new listing starts available and dated now; a save the build refuses is held back, named with its field, while the rest and a later save are published; its fix publishes', async () => {
  const { context, page, errors } = await openCms();
  await signIn(page);
  await page.getByRole('button', { name: 'Create New Entry' }).click();
  await page.getByRole('button', { name: 'Now' }).first().waitFor();
  // The defaults: available, and the date and time of now.
  assert.ok(await page.getByRole('radio', { name: 'available', exact: true }).first().isChecked(), 'available is chosen');
  const date = page.locator('input[type="datetime-local"]').first();
  assert.match(await date.inputValue(), /^\d{4}-\d\d-\d\dT\d\d:\d\d/);
  const title = 'Jumeirah Village Townhouse for Rent';
  await fillIn(page.getByRole('textbox', { name: 'Title' }).first(), title);
  await page.getByRole('radio', { name: 'Rental' }).first().click();
  await choose(page, 'Property type', 'Townhouse');
  // The top of the form: the title, the category, and the status and date as they start.
  await page.getByRole('textbox', { name: 'Title' }).first().scrollIntoViewIfNeeded();
  await shot(page, '02-new-listing');
  await choose(page, 'Community', 'Dubai Marina');
  await (await reveal(page, page.getByRole('textbox', { name: 'Price (AED)' }))).fill('185,000');
  await shot(page, '03-new-listing-price');
  // The Arabic title, in the form's Arabic pane (written right to left).
  const arabic = 'تاون هاوس للإيجار في قرية جميرا';
  await pane(page, 'Arabic');
  const arabicTitle = page.locator('[dir=rtl] input, input[dir=rtl]').and(page.getByRole('textbox', { name: 'Title' }));
  await fillIn(await reveal(page, arabicTitle), arabic);
  await shot(page, '04-new-listing-arabic');
  await pane(page, 'English');
  // A rental without 'Rent is per': the form lets it through, the build holds it back (new, it
  // is not on the site) and publishes the rest.
  const before = await panelText(page);
  await page.getByRole('button', { name: 'Save' }).click();
  let refused = await outcome(page, before);
  assert.ok(refused.published, refused.text);
  assert.match(refused.text, /^Published at [^\n]*except what is named below/);
  assert.match(refused.text, new RegExp(`Not published until fixed[^\n]*\n[^\n]*Listing “${title}” \\(it is not on the site\\) · Category: A rental needs “Rent is per”`));
  assert.doesNotMatch(refused.text, /pricePeriod|mainCategory|\.yaml|`|View the page/);
  assert.equal((await fetch(`${server.url}/api/properties/jumeirah-village-townhouse-for-rent.json`)).status, 404);
  await shot(page, '13-not-published');
  // Another save after it (a listing's price) is published, and the outcome still names the rental.
  await openEntry(page, MARINA_TITLE);
  await (await reveal(page, page.getByRole('textbox', { name: 'Price (AED)' }))).fill('3,460,000');
  await page.getByRole('button', { name: 'Save' }).click();
  const later = await outcome(page, refused.text);
  assert.ok(later.published, later.text);
  assert.equal(await later.panel.getByRole('link', { name: 'View the page' }).getAttribute('href'), `/property/${MARINA}`);
  assert.match(later.text, new RegExp(`Listing “${title}” \\(it is not on the site\\)`));
  assert.equal((await (await fetch(`${server.url}/api/properties/${MARINA}.json`)).json()).price, 3460000);
  refused = later;
  // The fix, as the panel says (the CMS shows the list after a save: the entry is opened again).
  await openEntry(page, title);
  await (await reveal(page, page.getByRole('radio', { name: 'year', exact: true }))).click();
  await page.getByRole('button', { name: 'Save' }).click();
  let fixed = await outcome(page, refused.text);
  while (!fixed.published || /Not published until fixed/.test(fixed.text)) fixed = await outcome(page, fixed.text);
  const id = 'jumeirah-village-townhouse-for-rent';
  assert.equal(await fixed.panel.getByRole('link', { name: 'View the page' }).getAttribute('href'), `/property/${id}`);
  const record = await (await fetch(`${server.url}/api/properties/${id}.json`)).json();
  assert.equal(record.price, 185000);
  // Its Arabic page, with the Arabic title.
  const view = await context.newPage();
  view.on('pageerror', (error) => errors.push(error.message));
  assert.equal((await view.goto(`${server.url}/ar/property/${id}`)).status(), 200);
  assert.equal(await view.locator('html').getAttribute('dir'), 'rtl');
  assert.equal((await view.getByRole('heading', { level: 1 }).innerText()).trim(), arabic);
  await view.getByRole('heading', { level: 1 }).evaluate((h1) => h1.scrollIntoView({ block: 'center' }));
  await shot(view, '05-listing-published-arabic');
  await view.close();
  // Marked rented: published again, the listing off the site.
  await openEntry(page, title);
  await (await reveal(page, page.getByRole('radio', { name: 'rented', exact: true }))).click();
  await page.getByRole('button', { name: 'Save' }).click();
  const rented = await outcome(page, fixed.text);
  assert.ok(rented.published, rented.text);
  assert.match(rented.text, /not on the site: its status is rented/);
  // What the next tests start from: the file as the last save wrote it, with its fix.
  const saved = readFileSync(join(content, 'properties', `${id}.yaml`), 'utf8');
  assert.match(saved, /^pricePeriod: year$/m, saved);
  assert.match(saved, /^status: rented$/m, saved);
  assert.equal((await fetch(`${server.url}/api/properties/${id}.json`)).status, 404);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a blog post is published from the CMS', async () => {
  const { context, page, errors } = await openCms();
  await signIn(page);
  await page.getByText('Blog posts', { exact: true }).locator('visible=true').first().click();
  await page.getByRole('button', { name: 'Create New Entry' }).click();
  await page.getByRole('button', { name: 'Now' }).first().waitFor();
  const title = 'Five Questions Before You Rent in Dubai';
  await fillIn(page.getByRole('textbox', { name: 'Title' }).first(), title);
  await fillIn(page.getByRole('textbox', { name: 'Author' }).first(), 'Sara Al Mansouri');
  const article = await reveal(page, page.locator('[contenteditable=true]'));
  await article.focus();
  await page.keyboard.type('Ask who pays the maintenance fees, and for how many cheques.');
  await shot(page, '11-new-post');
  const before = await panelText(page);
  await page.getByRole('button', { name: 'Save' }).click();
  const { panel, text, published } = await outcome(page, before);
  assert.ok(published, `${text}\n${server.output().slice(-2000)}`);
  assert.match(text, new RegExp(`Blog post “${title}”`));
  const href = await panel.getByRole('link', { name: 'View the page' }).getAttribute('href');
  assert.equal(href, '/blog/five-questions-before-you-rent-in-dubai/five-questions-before-you-rent-in-dubai');
  await shot(page, '12-post-published');
  const view = await context.newPage();
  const answer = await view.goto(`${server.url}${href}`);
  assert.equal(answer.status(), 200);
  assert.match(await view.locator('h1').innerText(), new RegExp(title));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a photo deleted from the media library while a listing shows it does not stop the next save: published, with a line for the listing', async () => {
  // Deleted as the media library deletes it: the file alone, the listing still naming it. Each
  // of the sample's listings has its own photos: this one is the penthouse's.
  const deleted = 'media/properties/kitchen-1.jpg';
  const penthouse = 'sky-penthouse-with-private-pool';
  const penthouseTitle = 'Sky Penthouse with Private Pool and Panoramic Views';
  rmSync(join(content, deleted));
  const { context, page, errors } = await openCms();
  await signIn(page);
  await openEntry(page, MARINA_TITLE);
  const price = await reveal(page, page.getByRole('textbox', { name: 'Price (AED)' }));
  await price.fill('2,960,000');
  const before = await panelText(page);
  await page.getByRole('button', { name: 'Save' }).click();
  const { text, published } = await outcome(page, before);
  assert.ok(published, `${text}\n${server.output().slice(-2000)}`);
  assert.match(text, new RegExp(`Listing ["“]${penthouseTitle}["”] · Photos: the photo ${deleted} was deleted; choose another or remove it from the list`));
  const record = await (await fetch(`${server.url}/api/properties/${MARINA}.json`)).json();
  assert.equal(record.price, 2960000);
  // The listing that showed it is published without it, with its other photos.
  const answer = await fetch(`${server.url}/api/properties/${penthouse}.json`);
  assert.equal(answer.status, 200);
  const shown = await answer.text();
  assert.match(shown, /\/media\/properties\/kitchen-bar-1\.jpg/);
  assert.doesNotMatch(shown, /kitchen-1\.jpg/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a phone typed without its country code is refused in the form with what to write, and one with it is saved', async () => {
  const { context, page, errors } = await openCms();
  await signIn(page);
  await page.getByText('Team', { exact: true }).locator('visible=true').first().click();
  await openEntry(page, 'Daniel Novak');
  const file = join(content, 'team', 'daniel-novak.yaml');
  for (const [name, label] of [['phone', 'Phone'], ['whatsapp', 'WhatsApp number']]) {
    const field = await reveal(page, page.getByRole('textbox', { name: label, exact: true }));
    for (const local of ['050 123 4567', '00971501234567']) {
      await field.fill(local);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText(/Write the number with its country code after a \+, e\.g\. \+971 50 123 4567/).first().waitFor({ timeout: 10_000 });
      assert.match(await formErrors(page), new RegExp(`^${label}: `));
      assert.doesNotMatch(readFileSync(file, 'utf8'), new RegExp(`^${name}: '?${local}`, 'm'));
    }
    await field.fill('+7 912 345 67 89');
  }
  await page.getByRole('button', { name: 'Save' }).click();
  for (let i = 0; i < 100 && !/^phone: '?\+7 912/m.test(readFileSync(file, 'utf8')); i++) await page.waitForTimeout(100);
  assert.match(readFileSync(file, 'utf8'), /^phone: '?\+7 912 345 67 89'?$/m);
  assert.match(readFileSync(file, 'utf8'), /^whatsapp: '?\+7 912 345 67 89'?$/m);
  assert.deepEqual(errors, []);
  await context.close();
});

/** Whether two elements' boxes overlap (false when either is not shown). */
async function overlap(a, b) {
  const [x, y] = [await a.boundingBox().catch(() => null), await b.boundingBox().catch(() => null)];
  return Boolean(x && y && x.width && y.width && x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height);
}

/** Whether the panel is clear of the CMS's bottom bar and notes now. */
async function clearNow(page) {
  const panel = page.locator('#estate-status:visible, #estate-status-toggle:visible').first();
  for (const other of await page.locator('.sui.bottom-navigation, .floating-action-button-wrapper, .sui.toast-base .toast:not([aria-hidden=true])').all()) {
    if (await overlap(panel, other)) return false;
  }
  return true;
}

/** The panel overlaps neither the CMS's bottom bar nor its notes ('Entry saved.'). */
async function clear(page, what) {
  // The CMS's button and notes slide in and out, and the panel moves once they stop (or at its
  // next round, every 2 s): give it three seconds.
  for (let tries = 0; tries < 30 && !(await clearNow(page)); tries += 1) await page.waitForTimeout(100);
  const panel = page.locator('#estate-status:visible, #estate-status-toggle:visible').first();
  const box = await panel.boundingBox();
  const { width, height } = page.viewportSize();
  assert.ok(box && box.y >= 0 && box.x >= 0 && box.y + box.height <= height && box.x + box.width <= width, `${what}: the panel is off the screen: ${JSON.stringify(box)}`);
  for (const other of await page.locator('.sui.bottom-navigation, .floating-action-button-wrapper, .sui.toast-base .toast:not([aria-hidden=true])').all()) {
    // A note gone since it was listed overlaps nothing (overlap finds no box).
    if (await overlap(panel, other)) assert.fail(`${what}: the panel overlaps ${await other.evaluate((n) => n.className, null, { timeout: 1000 }).catch(() => 'a note that has since gone')}`);
  }
}

test('the panel names a bad upload and a link to a renamed listing with what to do, says a save is being published until its outcome, and clears the CMS\'s bar and notes at 390 and 1366', async () => {
  // A listing renamed while a post links to it, and an iPhone photo uploaded as it is.
  const old = 'business-bay-canal-penthouse';
  const renamed = 'business-bay-canal-view-penthouse';
  const listing = (id) => join(content, 'properties', `${id}.yaml`);
  const post = join(content, 'blog', `${POST}.md`);
  const postText = readFileSync(post, 'utf8');
  writeFileSync(post, `${postText}\nOur penthouse on the canal: [see it](/property/${old}).\n`);
  renameSync(listing(old), listing(renamed));
  const heic = join(content, 'media', 'properties', 'img_4521.heic');
  writeFileSync(heic, Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1'));
  const { context, page, errors } = await openCms();
  await page.setViewportSize({ width: 390, height: 844 });
  // The outcome of the build that saw all three changes (the watcher may build them apart): the
  // panel can first show the last test's outcome while the watcher's build runs. The upload is
  // held back, the rest published (the post with a line about its link).
  const holds = /except what is named below/;
  let refused = await outcome(page, '');
  while (!holds.test(refused.text)) refused = await outcome(page, refused.text);
  // On a phone the refusal's details are folded, so the panel leaves the sign-in button free.
  const signInButton = page.getByRole('button', { name: 'Work with Local Repository' });
  assert.ok(!(await overlap(refused.panel, signInButton)), `the panel covers the sign-in button: ${refused.text}`);
  assert.match(refused.text, /^Published at /);
  const more = refused.panel.getByRole('button', { name: 'Show details' });
  assert.equal(await more.getAttribute('aria-expanded'), 'false');
  await screenshot(page, { path: join(repo, 'site', 'e2e', 'screenshots', 'cms-status-folded-390.png') });
  await more.click();
  assert.equal(await refused.panel.getByRole('button', { name: 'Hide details' }).getAttribute('aria-expanded'), 'true');
  refused = { ...refused, text: await refused.panel.innerText() };
  while (!/img_4521[\s\S]*no listing has that address|no listing has that address[\s\S]*img_4521/.test(refused.text)) refused = await outcome(page, refused.text);
  assert.ok(refused.published, refused.text);
  assert.match(refused.text, /Not published until fixed/);
  assert.match(refused.text, /The uploaded file “img_4521\.heic” \(it is not on the site\): It is not published: it is a HEIC photo[^\n]*save it as JPEG and upload that instead/);
  assert.doesNotMatch(refused.text, /without a title/);
  assert.match(refused.text, new RegExp(`Blog post “${POST_TITLE}”[^\\n]*no listing has that address[^\\n]*\\n(Did you mean “/property/${renamed}”\\?|Link to an available listing)`));
  // No code, file of the content or folder named as the repository does (a photo's own path may show).
  assert.doesNotMatch(refused.text, /`|\.ya?ml\b|\.md\b|\bmedia\/(\s|,|$)/m);
  await clear(page, 'refused at 390');
  await screenshot(page, { path: join(repo, 'site', 'e2e', 'screenshots', 'cms-status-refused-390.png') });
  await refused.panel.getByRole('button', { name: 'Hide', exact: true }).click();
  // Signed in on a wider screen, whose toolbar names its buttons.
  await page.setViewportSize({ width: 1000, height: 700 });
  await signIn(page);
  // The outcome with its details, opened again in a short window: it scrolls below the toolbar
  // at the top, whose button for a new entry stays free.
  await page.locator('#estate-status-toggle').click();
  await page.setViewportSize({ width: 1000, height: 360 });
  await framesDrawn(page);
  const newEntry = page.getByRole('button', { name: 'Create New Entry' });
  assert.ok(!(await overlap(refused.panel, newEntry)), `the panel covers 'Create New Entry': ${JSON.stringify(await refused.panel.boundingBox())}`);
  await screenshot(page, { path: join(repo, 'site', 'e2e', 'screenshots', 'cms-status-short-1000.png') });
  await refused.panel.getByRole('button', { name: 'Hide', exact: true }).click();
  await page.setViewportSize({ width: 1000, height: 700 });
  // Put right on disk: the next outcome is published.
  renameSync(listing(renamed), listing(old));
  rmSync(heic);
  writeFileSync(post, postText);
  let fixed = await outcome(page, refused.text);
  while (holds.test(fixed.text)) fixed = await outcome(page, fixed.text);
  assert.ok(fixed.published, fixed.text);
  // Two saves in quick succession: each says it is being published, with its time, and the
  // panel ends with the last one's outcome.
  const panel = page.locator('#estate-status');
  for (const [width, height] of [[390, 844], [1366, 800]]) {
    await page.setViewportSize({ width, height });
    await openEntry(page, MARINA_TITLE);
    const price = await reveal(page, page.getByRole('textbox', { name: 'Price (AED)' }));
    const prices = width === 390 ? ['3,210,000', '3,220,000'] : ['3,230,000', '3,240,000'];
    for (const value of prices) {
      await price.fill(value);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.locator('#estate-status[data-published=publishing]').waitFor({ timeout: 10_000 });
      assert.match(await panel.innerText(), /^Saved at \d\d:\d\d:\d\d: publishing…/);
      if (value === prices[0]) {
        await page.getByText('Entry saved.').first().waitFor({ timeout: 10_000 }).catch(() => {});
        await clear(page, `publishing at ${width}`);
        await screenshot(page, { path: join(repo, 'site', 'e2e', 'screenshots', `cms-status-publishing-${width}.png`) });
        await openEntry(page, MARINA_TITLE);
      }
    }
    // The last save published (the panel may still show an earlier round's outcome for a read or
    // two after the save: seen on a loaded machine), then its outcome in the panel.
    const expected = Number(prices[1].replaceAll(',', ''));
    const published = async () => (await (await fetch(`${server.url}/api/properties/${MARINA}.json`)).json()).price;
    for (const started = Date.now(); (await published()) !== expected; await page.waitForTimeout(100)) {
      assert.ok(Date.now() - started < 90_000, `the last save (${prices[1]}) was not published in 90 s`);
    }
    for (let round = 0; round < 2; round += 1) await page.waitForResponse((r) => r.url().endsWith('/cms/status.json'));
    const last = await outcome(page, '');
    assert.ok(last.published, last.text);
    // Two of the panel's rounds (it reads /cms/status.json every 2 s): a later outcome would show.
    for (let round = 0; round < 2; round += 1) await page.waitForResponse((r) => r.url().endsWith('/cms/status.json'));
    assert.equal(await panel.innerText(), last.text, 'a later outcome replaced the last save\'s');
    await clear(page, `published at ${width}`);
    await screenshot(page, { path: join(repo, 'site', 'e2e', 'screenshots', `cms-status-published-${width}.png`) });
  }
  // Shown right to left, the panel still clears the CMS's bar and notes.
  await page.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
  await page.setViewportSize({ width: 390, height: 844 });
  // The panel is placed again in the frame after the resize.
  await framesDrawn(page);
  await clear(page, 'right to left at 390');
  await screenshot(page, { path: join(repo, 'site', 'e2e', 'screenshots', 'cms-status-rtl-390.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a save whose deploy fails: the panel shows the deploy\'s badge while the save is published, looks at it again, and after five minutes says what a failed deploy means', async () => {
  const { context, page, errors } = await openCms();
  // Netlify's badge (never fetched from the internet here): what the failed deploy shows.
  const badges = [];
  await page.route('https://api.netlify.com/**', (route) => {
    badges.push(route.request().url());
    return route.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="20"><text x="4" y="15">failed</text></svg>' });
  });
  // The last outcome the site published, with its badge; a failed deploy publishes no newer one.
  const badge = 'https://api.netlify.com/api/v1/badges/3f2a9c1e-8b7d-4e21-9a5c-0d6e4b1f7a82/deploy-status';
  await page.route('**/cms/status.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), at: '2026-01-05T10:00:00.000+04:00', deploy_badge: badge } });
  });
  // A save as the CMS commits it to GitHub.
  await page.route('**/graphql', (route) => route.fulfill({ json: { data: {} } }));
  await page.clock.install();
  await page.reload();
  await page.getByRole('button', { name: 'Work with Local Repository' }).waitFor();
  await page.evaluate(() => fetch('/graphql', { method: 'POST', body: JSON.stringify({ query: 'mutation { createCommitOnBranch }' }) }));
  const panel = page.locator('#estate-status[data-published=publishing]');
  await panel.waitFor({ timeout: 10_000 });
  assert.match(await panel.innerText(), /^Saved at \d\d:\d\d:\d\d: publishing…[\s\S]*The latest deploy \(if it says failed, this save could not be published\):/);
  assert.ok((await panel.locator('img').getAttribute('src')).startsWith(`${badge}?t=`));
  assert.doesNotMatch(await panel.innerText(), /No outcome/);
  const seen = badges.length;
  await page.clock.fastForward('00:22');
  // Polled from here: the page's own timers and frames are the installed clock's.
  for (let tries = 0; tries < 50 && badges.length <= seen; tries += 1) await page.waitForTimeout(100);
  assert.ok(badges.length > seen, 'the badge is fetched again while waiting');
  await page.clock.fastForward('05:00');
  await page.locator('#estate-status [data-slow]').waitFor({ timeout: 5000 });
  assert.match(plain(await panel.innerText()), /No outcome after 5 minutes\. If the deploy above says failed, this save is not on the site yet/);
  await screenshot(page, { path: join(repo, 'site', 'e2e', 'screenshots', 'cms-status-slow.png') });
  assert.deepEqual(errors, []);
  await closeRouted(page, context);
});

test('on a deploy, the outcome of an earlier commit that finishes after a save is not taken for it; the deploy of the save\'s commit is', async () => {
  const { context, page, errors } = await openCms();
  // Netlify's deploys, as status.json says them: the one of the commit before the save, which
  // finishes after it, then the save's own.
  const saved = { oid: 'b'.repeat(40), committedDate: new Date(Date.now() + 60_000).toISOString().replace(/\.\d+Z$/, 'Z') };
  const deploy = (commit, contentAt, headline) => ({ published: true, at: new Date(Date.now() + 120_000).toISOString(), content_at: contentAt, commit, headline, pages: [], errors: [], warnings: [] });
  let outcome = deploy('a'.repeat(40), new Date(Date.now() + 30_000).toISOString(), 'Published at the earlier commit');
  await page.route('**/cms/status.json', async (route) => {
    const response = await route.fetch();
    const words = (await response.json()).words;
    await route.fulfill({ response, json: { ...outcome, words } });
  });
  // A save as the CMS commits it to GitHub: GitHub answers with the commit and its time.
  await page.route('**/graphql', (route) => route.fulfill({ json: { data: { createCommitOnBranch: { commit: saved } } } }));
  await page.reload();
  await page.getByRole('button', { name: 'Work with Local Repository' }).waitFor();
  await page.evaluate(() => fetch('/graphql', { method: 'POST', body: JSON.stringify({ query: 'mutation { createCommitOnBranch }' }) }));
  const panel = page.locator('#estate-status');
  await page.locator('#estate-status[data-published=publishing]').waitFor({ timeout: 10_000 });
  // Two of the panel's reads of the earlier commit's outcome: still publishing.
  for (let round = 0; round < 2; round += 1) await page.waitForResponse((r) => r.url().endsWith('/cms/status.json'));
  assert.equal(await panel.getAttribute('data-published'), 'publishing', await panel.innerText());
  outcome = deploy(saved.oid, saved.committedDate, 'Published at the save\'s commit');
  await page.locator('#estate-status[data-published=true]').waitFor({ timeout: 10_000 });
  assert.match(await panel.innerText(), /^Published at the save's commit/);
  assert.deepEqual(errors, []);
  await closeRouted(page, context);
});

test('the editors\' guide shows every picture taken here, and only those', () => {
  const guide = readFileSync(join(repo, 'docs', 'editors.md'), 'utf8');
  const shown = [...guide.matchAll(/\]\(editors\/([^)]+\.jpg)\)/g)].map((m) => m[1]);
  assert.deepEqual([...new Set(shown)].sort(), [...taken].sort());
});
