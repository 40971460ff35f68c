// Browser tests of the admin editor against `estate serve` in Debian's Chromium. The
// admin writes into the content folder, so the server runs on a temporary copy of content/ (and
// its own outbox), watching it: the repository's content/ is never written. Screenshots of the
// phone and desktop dashboards go to e2e/screenshots/ and /tmp/.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { copyOfContent, repo, startServer } from './server.mjs';
import { DESKTOP, PHONE, answerDialog, launch, openPage, screenshot } from './browser.mjs';

const SHOTS = join(import.meta.dirname, 'screenshots');
mkdirSync(SHOTS, { recursive: true });
// Rebuilding after a write (content stage and prerender) takes a while on a busy machine.
const REBUILD_MS = 150_000;

const PEOPLE = [
  ['Aisha Rahman', 'aisha.rahman@example.com', '+971501110001'],
  ['Daniel Novak', 'daniel.novak@example.com', '+971501110002'],
  ['Olga Petrova', 'olga.petrova@example.com', '+971501110003'],
  ['Omar Haddad', 'omar.haddad@example.com', '+971501110004'],
  ['Priya Nair', 'priya.nair@example.com', '+971501110005'],
  ['James Carter', 'james.carter@example.com', '+971501110006'],
  ['Fatima Al Zaabi', 'fatima.alzaabi@example.com', '+971501110007'],
];

let root;
let content;
let server;
let browser;
/** A second origin on this machine: the page a cross-site request would come from. */
let foreign;

before(async () => {
  ({ root, content } = copyOfContent('estate-admin-e2e-'));
  server = await startServer({ content, watch: true, outbox: join(root, 'outbox') });
  browser = await launch();
  foreign = createServer((_, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html' });
    response.end('<!doctype html><title>elsewhere</title><p>another site</p>');
  });
  await new Promise((resolve) => foreign.listen(0, '127.0.0.1', resolve));
});

/** Tests that were not seen to the end (a test's time-out leaves no error of ours): what estate
 * serve printed is shown once the file ends, since their time went on its rebuilds. */
let unfinished = 0;

after(async () => {
  if (unfinished > 0 && server) console.log(`# estate serve printed (the end):\n${server.output().slice(-6000).replace(/^/gm, '# ')}`);
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => (foreign ? foreign.close(resolve) : resolve()));
  if (root) rmSync(root, { recursive: true, force: true });
});

/** Waits for the link to the saved page, shown once the rebuild published it; on a time-out the
 * error carries what estate serve printed (its rebuilds and their errors). */
async function waitForRebuild(link) {
  try {
    await link.waitFor({ timeout: REBUILD_MS });
  } catch (error) {
    throw new Error(`${error.message}\nestate serve printed (the end):\n${server.output().slice(-6000)}`);
  }
}

const foreignUrl = () => `http://127.0.0.1:${foreign.address().port}`;

/** Every file under the temporary folder (the content copy and anything written beside it), with size and time. */
function snapshot(dir = root, skip = ['outbox']) {
  const files = {};
  const walk = (at) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      const rel = relative(dir, path);
      if (skip.some((s) => rel === s || rel.startsWith(`${s}/`))) continue;
      const stat = statSync(path);
      if (stat.isDirectory()) walk(path);
      else files[rel] = `${stat.size}:${stat.mtimeMs}`;
    }
  };
  walk(dir);
  return files;
}

/** A write to the admin API as a script would send it, with `headers` changed. */
async function write(kind, body, headers = {}) {
  const response = await fetch(`${server.url}/_admin/api/${kind}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url, Authorization: `Bearer ${server.token}`, ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

/** Fails on console problems other than the 4xx answers the refusals below are meant to get. */
function assertNoProblems(problems) {
  const real = problems.filter((p) => !/status of 4\d\d/.test(p));
  assert.deepEqual(real, [], 'console problems');
}

async function openAdmin(viewport, { token = server.token, path = '/admin' } = {}) {
  const opened = await openPage(browser, viewport);
  const hash = token ? `#token=${token}` : '';
  await opened.page.goto(`${server.url}${path}${hash}`, { waitUntil: 'load' });
  return opened;
}

async function shot(page, name) {
  await screenshot(page, { path: join(SHOTS, `${name}.png`), fullPage: false });
  await screenshot(page, { path: join(tmpdir(), `admin-${name}.png`), fullPage: false });
}

const sidebar = (page) => page.locator('.admin-sidebar');
const nav = (page, name) => sidebar(page).getByRole('button', { name, exact: true });

describe('the admin editor', () => {
  test('estate serve prints the token once, as a link; the published page is kept out of search engines', async () => {
    assert.match(server.token ?? '', /^[0-9a-f]{64}$/);
    const links = server.output().match(/\/admin#token=[0-9a-f]+/g) ?? [];
    assert.equal(links.length, 1, 'printed once');
    assert.ok(server.output().includes(`estate serve: admin editor (writes into ${content})`));
    const page = await fetch(`${server.url}/admin`);
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('x-robots-tag'), 'noindex, nofollow');
    const html = await page.text();
    assert.ok(html.includes('<meta name="robots" content="noindex, nofollow" data-noindex />'), 'noindex in the prerendered page');
    // The prerendered page (what the published site serves) says the editor runs locally.
    assert.ok(html.includes('runs on your own computer'), 'the published notice');
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    assert.ok(!sitemap.includes('/admin') && !sitemap.includes('/blogform'), 'not in the sitemap');
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    assert.match(robots, /Disallow: \/admin/);
  });

  test('without the token the admin is locked; a wrong token is refused', async () => {
    const opened = await openAdmin(DESKTOP, { token: null });
    const { page } = opened;
    await page.getByTestId('locked').waitFor({ timeout: 10_000 });
    assert.equal(await page.locator('h1').count(), 1);
    assert.equal(await page.locator('.admin-sidebar').count(), 0, 'no dashboard');
    await page.getByLabel('Admin token').fill('0'.repeat(64));
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByText('That token was not accepted.', { exact: false }).waitFor();
    await shot(page, 'desktop-admin-locked');
    // The right token opens it.
    await page.getByLabel('Admin token').fill(server.token);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await sidebar(page).waitFor();
    await opened.context.close();
    assertNoProblems(opened.problems);
  });

  test('writes without the token, from another origin or with a path like ../x are refused, and nothing is written', async () => {
    const before = snapshot();
    const property = { title: 'Refused Listing', value: '100', category: 'Residential', type: 'Apartment' };
    const post = { title: 'Refused Post', description: 'Text.', image: '/media/blog/family-communities.jpg' };
    for (const kind of ['properties', 'posts']) {
      const body = kind === 'posts' ? post : property;
      assert.equal((await write(kind, body, { Authorization: '' })).status, 401, `${kind}: no token`);
      assert.equal((await write(kind, body, { Authorization: 'Bearer nope' })).status, 401, `${kind}: wrong token`);
      assert.equal((await write(kind, body, { Origin: 'https://evil.example' })).status, 403, `${kind}: foreign origin`);
      assert.equal((await write(kind, body, { Origin: foreignUrl() })).status, 403, `${kind}: another port`);
      for (const id of ['../x', '../../etc/passwd', 'a/b']) {
        const refused = await write(kind, { ...body, id });
        assert.equal(refused.status, 422, `${kind}: ${id}`);
        assert.match(refused.body.fields.id, /is not a valid id/);
      }
    }
    const image = await write('posts', { ...post, image: '../x.jpg' });
    assert.equal(image.status, 422);
    assert.match(image.body.fields.image, /must be a path inside content\//);

    // From a page of another site, in the browser: a plain cross-site POST reaches the server
    // without the token (refused), and one with the token never passes the CORS preflight.
    const opened = await openPage(browser, DESKTOP);
    await opened.page.goto(foreignUrl());
    const outcomes = await opened.page.evaluate(
      async ({ target, token }) => {
        const results = [];
        try {
          await fetch(`${target}/_admin/api/posts`, { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify({ title: 'Cross Site', description: 'x', image: 'x' }) });
          results.push('sent');
        } catch {
          results.push('blocked');
        }
        try {
          const r = await fetch(`${target}/_admin/api/posts`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify({ title: 'Cross Site Two', description: 'x', image: 'x' }) });
          results.push(`status ${r.status}`);
        } catch {
          results.push('blocked');
        }
        return results;
      },
      { target: server.url, token: server.token },
    );
    assert.deepEqual(outcomes, ['sent', 'blocked']);
    await opened.context.close();
    assert.deepEqual(snapshot(), before, 'nothing was written');
    assert.ok(!existsSync(join(root, 'x')) && !existsSync(join(root, 'x.yaml')));
  });

  test('users are the people who sent leads: newest first, 5 a page, numbered pages, the whole lead', async () => {
    for (const [name, email, contactNumber] of PEOPLE) {
      const response = await fetch(`${server.url}/api/contact-user`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name, email, contactNumber, message: `Hello, this is ${name}. Could we arrange a viewing this week?` }),
      });
      assert.equal(response.status, 200, `${name}: ${await response.text()}`);
    }
    for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
      const opened = await openAdmin(viewport);
      const { page } = opened;
      await sidebar(page).waitFor();
      await nav(page, 'Users').click();
      const rows = page.getByTestId('user-row');
      await rows.first().waitFor();
      assert.equal(await rows.count(), 5, 'five a page');
      const newest = PEOPLE[PEOPLE.length - 1];
      const first = rows.first();
      assert.match(await first.innerText(), new RegExp(`#${PEOPLE.length}`));
      assert.ok((await first.innerText()).includes(newest[0]), 'the newest first');
      assert.ok((await first.innerText()).includes(newest[1]));
      assert.ok((await first.innerText()).includes(newest[2]));
      assert.equal((await first.locator('.admin-avatar').innerText()).trim(), newest[0][0], 'avatar initial');
      const pages = page.locator('.admin-pages button');
      assert.deepEqual(await pages.allInnerTexts(), ['1', '2']);
      assert.equal(await pages.first().getAttribute('aria-current'), 'page');
      await shot(page, `${label}-admin-users`);
      await pages.nth(1).click();
      await page.locator('.admin-pages button[aria-current="page"]', { hasText: '2' }).waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="user-row"]').length === 2);
      assert.ok((await rows.first().innerText()).includes(PEOPLE[1][0]));
      assert.ok((await rows.last().innerText()).includes(PEOPLE[0][0]), 'the oldest last');
      // Opening one shows the whole lead.
      await rows.last().getByRole('button').click();
      const detail = page.getByTestId('lead-detail');
      await detail.waitFor();
      const text = await detail.innerText();
      for (const part of [PEOPLE[0][0], PEOPLE[0][1], PEOPLE[0][2], 'Could we arrange a viewing this week?', 'Enquiry #1']) {
        assert.ok(text.includes(part), `lead detail has ${part}`);
      }
      await shot(page, `${label}-admin-lead`);
      await detail.getByRole('button', { name: 'Back to users' }).click();
      await rows.first().waitFor();
      await opened.context.close();
      assertNoProblems(opened.problems);
    }
  });

  test('home: the sidebar, the pie chart of real counts, counts per category and the newest leads', async () => {
    const published = JSON.parse(readFileSync(join(server.dist, 'api', 'properties.json'), 'utf8'));
    const count = (category) => published.filter((p) => p.mainCategory === category).length;
    for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
      const opened = await openAdmin(viewport);
      const { page } = opened;
      await sidebar(page).waitFor();
      assert.equal((await sidebar(page).locator('h1').innerText()).trim(), 'Admin');
      for (const name of ['Home', 'Users', 'Properties', 'Blogs', 'LogOut']) {
        assert.ok(await nav(page, name).isVisible(), `sidebar ${name}`);
      }
      assert.equal(await nav(page, 'Home').getAttribute('aria-current'), 'page', 'starts on Home');
      const pie = page.getByTestId('pie');
      await pie.waitFor();
      assert.ok((await pie.innerText()).includes('Property Types Distribution'));
      assert.equal(await pie.locator('svg path, svg circle').count(), 3, 'three slices');
      const legend = await pie.locator('.pie__item').allInnerTexts();
      const total = count('Residential') + count('Commercial') + count('OffPlan');
      const expected = [
        ['Residential', count('Residential')],
        ['Commercial', count('Commercial')],
        ['Off-Plan', count('OffPlan')],
      ];
      assert.equal(legend.length, 3);
      expected.forEach(([name, n], i) => {
        const item = legend[i].replace(/\s+/g, ' ');
        assert.ok(item.startsWith(name), item);
        assert.ok(item.includes(`${n} (${Math.round((n / total) * 100)}%)`), `${item} has ${n}`);
      });
      assert.ok(!legend.join(' ').includes('55 (') && !legend.join(' ').includes('Off-Plane'));
      const stats = await page.locator('.admin-stat').allInnerTexts();
      assert.ok(stats.some((s) => s.replace(/\s+/g, ' ') === `${count('Rental')} Rental`), stats.join('|'));
      assert.ok(stats.some((s) => s.replace(/\s+/g, ' ') === `${PEOPLE.length} Enquiries`), stats.join('|'));
      const newest = page.locator('.admin-person');
      assert.equal(await newest.count(), 5);
      assert.ok((await newest.first().innerText()).includes(PEOPLE[PEOPLE.length - 1][0]));
      await shot(page, `${label}-admin-home`);
      await opened.context.close();
      assertNoProblems(opened.problems);
    }
  });

  test('add a property with a photo: every validation message, then its new page', { timeout: REBUILD_MS + 60_000 }, async () => {
    unfinished += 1;
    const opened = await openAdmin(DESKTOP);
    const { page } = opened;
    await sidebar(page).waitFor();
    await nav(page, 'Properties').click();
    const toggle = page.locator('.admin-card__head').getByRole('button');
    assert.equal((await toggle.innerText()).trim(), 'Add Property');
    const form = page.getByTestId('property-form');
    assert.equal(await form.isVisible(), false, 'the form starts hidden');
    await toggle.click();
    assert.equal((await toggle.innerText()).trim(), 'Hide Form');
    assert.ok(await form.isVisible());
    assert.equal(await form.locator('#p-category').inputValue(), 'Residential');
    assert.equal(await form.locator('#p-type').inputValue(), 'Apartment');
    assert.deepEqual(await form.locator('#p-category option').allInnerTexts(), ['Residential', 'Commercial', 'Off-Plan']);
    assert.deepEqual(await form.locator('#p-type option').allInnerTexts(), ['Apartment', 'Villa', 'Office']);
    assert.equal(await form.locator('#p-photo').getAttribute('accept'), 'image/jpeg,image/png,image/webp');
    for (const label of ['Title', 'Value (AED)', 'Location', 'Category', 'Type', 'Area (sqft)', 'Bedrooms', 'Photo']) {
      assert.equal(await form.getByLabel(label, { exact: true }).count(), 1, label);
    }
    const before = snapshot();
    const submit = form.getByRole('button', { name: 'Add Property' });
    const errorOf = (id) => form.locator(`[data-field-error="${id}"]`);

    // A negative value, a fraction of a square foot: estate check's messages by the fields.
    await form.locator('#p-value').fill('-5');
    await form.locator('#p-area').fill('12.5');
    await submit.click();
    await errorOf('p-value').waitFor();
    assert.match(await errorOf('p-value').innerText(), /^`price`: Write the price in dirhams as a whole number/);
    assert.match(await errorOf('p-area').innerText(), /^`area`: expected a whole number/);
    assert.equal(await errorOf('p-title').innerText(), '`title` is empty', 'every message at once');
    assert.equal(await form.locator('#p-value').getAttribute('aria-invalid'), 'true');
    assert.ok(await form.getByText('Nothing was saved. Please fix the fields marked below.').isVisible());
    await shot(page, 'desktop-admin-property-errors');
    // Fixed values: only the title is left.
    await form.locator('#p-value').fill('2150000');
    await form.locator('#p-area').fill('1180');
    await submit.click();
    await page.waitForFunction(() => !document.querySelector('[data-field-error="p-value"]'));
    assert.equal(await errorOf('p-title').innerText(), '`title` is empty');
    assert.equal(await errorOf('p-area').count(), 0);

    // A file that says it is a JPEG but is not one.
    const title = 'Creek Horizon Villa with Garden';
    const id = 'creek-horizon-villa-with-garden';
    await form.locator('#p-title').fill(title);
    await form.locator('#p-value').fill('2150000');
    await form.locator('#p-area').fill('1180');
    await form.locator('#p-photo').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
    await submit.click();
    await errorOf('p-photo').waitFor();
    assert.equal(await errorOf('p-photo').innerText(), 'The photo must be a JPEG, PNG or WebP image.');
    assert.equal(await errorOf('p-title').count(), 0);
    assert.equal(await errorOf('p-value').count(), 0);
    // The title of a listing that exists: never overwritten.
    await form.locator('#p-title').fill('Marina Gate Two Bedroom Sea View');
    await form.locator('#p-photo').setInputFiles(join(repo, 'content', 'media', 'default-property.jpg'));
    await submit.click();
    await errorOf('p-title').waitFor();
    assert.match(await errorOf('p-title').innerText(), /A listing with this address already exists \(content\/properties\/marina-gate-two-bedroom-sea-view\.yaml\)/);
    assert.equal(await errorOf('p-photo').count(), 0);
    assert.deepEqual(snapshot(), before, 'nothing was written');

    // A good one.
    await form.locator('#p-title').fill(title);
    await form.locator('#p-location').fill('Dubai Creek Harbour');
    await form.locator('#p-category').selectOption('Off-Plan');
    await form.locator('#p-type').selectOption('Villa');
    await form.locator('#p-bedrooms').fill('4');
    await form.locator('#p-photo').setInputFiles(join(repo, 'content', 'media', 'default-property.jpg'));
    await submit.click();
    await form.getByText(`Saved as content/properties/${id}.yaml.`).waitFor({ timeout: 20_000 });
    assert.equal(await form.locator('[data-field-error]').count(), 0);
    assert.equal(await form.locator('#p-title').inputValue(), '', 'the form is cleared');
    const file = readFileSync(join(content, 'properties', `${id}.yaml`), 'utf8');
    assert.ok(file.startsWith('# yaml-language-server: $schema=../schema/property.json\n'), 'the template layout');
    for (const line of [`title: ${title}`, 'mainCategory: OffPlan', 'subCategory: Villa', 'price: 2150000', 'bedrooms: 4', `images: [/media/properties/${id}.jpg]`]) {
      assert.ok(file.includes(line), line);
    }
    assert.ok(existsSync(join(content, 'media', 'properties', `${id}.jpg`)));
    assert.ok(!existsSync(join(repo, 'content', 'properties', `${id}.yaml`)), 'the repository content is untouched');
    await shot(page, 'desktop-admin-property-saved');

    // The watcher's rebuild publishes it; the admin page stays as it is meanwhile.
    const link = form.getByTestId('saved-link');
    await waitForRebuild(link);
    assert.equal(await link.getAttribute('href'), `/property/${id}`);
    await link.click();
    await page.waitForURL(`**/property/${id}`);
    await page.locator('h1', { hasText: title }).waitFor();
    const photo = page.locator(`img[src*="/media/properties/${id}"]`).first();
    await photo.waitFor();
    assert.ok(await photo.evaluate((img) => img.complete && img.naturalWidth > 0), 'the photo loads');
    await opened.context.close();
    assertNoProblems(opened.problems);
    unfinished -= 1;
  });

  test('add a post from Blogs and from /blogform: the alert, the messages, cleared fields, the new page', { timeout: REBUILD_MS + 60_000 }, async () => {
    unfinished += 1;
    const opened = await openAdmin(PHONE);
    const { page } = opened;
    await sidebar(page).waitFor();
    await nav(page, 'Blogs').click();
    const form = page.getByTestId('blog-form');
    for (const label of ['Title', 'Description', 'Image URL']) assert.equal(await form.getByLabel(label, { exact: true }).count(), 1, label);
    const before = snapshot();
    const alerts = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void answerDialog(dialog);
    });
    const add = form.getByRole('button', { name: 'Add Blog' });
    await add.click();
    await form.locator('#b-title').fill('Only a Title');
    await add.click();
    await page.waitForFunction(() => true);
    assert.deepEqual(alerts, ['Please fill all fields!', 'Please fill all fields!']);
    assert.deepEqual(snapshot(), before, 'nothing added');

    // A link to no page of the site is refused (one to a listing sold or deleted since is a warning).
    await form.locator('#b-description').fill('See [our services](/no-such-page).');
    await form.locator('#b-image').fill('../x.jpg');
    await add.click();
    await form.locator('[data-field-error="b-image"]').waitFor();
    assert.match(await form.locator('[data-field-error="b-image"]').innerText(), /^image `\.\.\/x\.jpg` must be a path inside content\//);
    assert.match(await form.locator('[data-field-error="b-description"]').innerText(), /no-such-page/);
    await shot(page, 'phone-admin-blog-errors');
    assert.deepEqual(snapshot(), before, 'nothing written');

    const title = 'Five Questions to Ask Before Buying Off-Plan';
    await form.locator('#b-title').fill(title);
    await form.locator('#b-description').fill('Buying off-plan can pay off.\n\nAsk about the escrow account, the payment plan and the handover date.');
    await form.locator('#b-image').fill('/media/blog/family-communities.jpg');
    await add.click();
    await form.getByText('Saved as content/blog/five-questions-to-ask-before-buying-off-plan.md.').waitFor({ timeout: 20_000 });
    for (const id of ['#b-title', '#b-description', '#b-image']) assert.equal(await form.locator(id).inputValue(), '', `${id} cleared`);
    const text = readFileSync(join(content, 'blog', 'five-questions-to-ask-before-buying-off-plan.md'), 'utf8');
    assert.ok(text.startsWith(`---\ntitle: ${title}\n`), text);
    assert.ok(text.includes('images: [/media/blog/family-communities.jpg]'), text);
    const link = form.getByTestId('saved-link');
    await waitForRebuild(link);
    await shot(page, 'phone-admin-blog-saved');
    await link.click();
    await page.locator('h1', { hasText: title }).waitFor();
    assert.ok((await page.locator('main').innerText()).includes('Ask about the escrow account'));

    // /blogform: the same form on its own page, open with the token this tab remembers.
    await page.goto(`${server.url}/blogform`);
    const alone = page.getByTestId('blog-form');
    await alone.waitFor();
    await alone.getByRole('button', { name: 'Add Blog' }).click();
    await page.waitForFunction(() => true);
    assert.equal(alerts.length, 3);
    assert.equal(alerts[2], 'Please fill all fields!');
    await shot(page, 'phone-blogform');
    await opened.context.close();
    assertNoProblems(opened.problems);
    unfinished -= 1;
  });

  test('LogOut forgets the token and returns to the locked screen', async () => {
    const opened = await openAdmin(DESKTOP);
    const { page } = opened;
    await sidebar(page).waitFor();
    assert.ok(!page.url().includes('token='), 'the token leaves the address bar');
    await nav(page, 'LogOut').click();
    await page.getByTestId('locked').waitFor();
    assert.equal(await page.evaluate(() => sessionStorage.getItem('estate.admin.token')), null);
    await page.reload();
    await page.getByTestId('locked').waitFor();
    await page.goto(`${server.url}/blogform`);
    await page.getByTestId('locked').waitFor();
    await opened.context.close();
    assertNoProblems(opened.problems);
  });
});
