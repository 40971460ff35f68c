// Browser tests of the property detail page against `estate serve` in Debian's
// Chromium: the gallery, the 'Get in Touch' modal, the agent and WhatsApp links, sharing, the
// map, the permit QR code, an off-plan project's RERA particulars in three languages,
// similar properties, 'Property Not Found' for an unknown id and for one that was never
// prerendered, and the structured data of every prerendered property page.
// Screenshots go to e2e/screenshots/property-*.png.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from './server.mjs';
import { PHONE, gotoSettled, launch, loadLazyImages, openPage, screenshot, settle } from './browser.mjs';

const SHOTS = join(import.meta.dirname, 'screenshots');
mkdirSync(SHOTS, { recursive: true });

// The issue's sizes for screenshots.
const PHONE_VIEW = PHONE; // 390 x 844
const DESKTOP_VIEW = { width: 1280, height: 800 };
const MAX_IMAGES = 9;
const CATEGORY_PATH = { Residential: '/buy-property', Rental: '/rent-property', OffPlan: '/off-plan', Commercial: '/commercial' };

let server;
let browser;
let site;
let team;
let properties;
let routes;

const json = (...path) => JSON.parse(readFileSync(join(server.dist, ...path), 'utf8'));
const digits = (phone) => phone.replace(/\D/g, '');
const canonical = (property) => `${site.baseUrl}/property/${property.id}`;

/** The first property that `pick` accepts; the sample content is expected to have one. */
function find(description, pick) {
  const property = properties.find(pick);
  assert.ok(property, `the sample content has ${description}`);
  return property;
}

before(async () => {
  server = await startServer({ ownCopy: true });
  browser = await launch();
  site = json('data', 'site.json');
  team = json('data', 'team.json');
  properties = json('api', 'properties.json');
  routes = json('data', 'routes.json');
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Opens `path`; asserts the status, waits for the page to settle. */
async function visit(viewport, path, { status = 200, javaScript = true, ...options } = {}) {
  const opened = await openPage(browser, viewport, { javaScriptEnabled: javaScript, expectNotFound: status === 404, ...options });
  const response = await opened.page.goto(server.url + path, { waitUntil: 'load' });
  assert.equal(response.status(), status, `${path} answered ${response.status()}`);
  if (javaScript) await settle(opened.page);
  return opened;
}

async function finish({ context, problems }, path) {
  await context.close();
  assert.deepEqual(problems, [], `${path}: console problems`);
}

describe('gallery', () => {
  test('arrow keys move the selection, clamped at both ends; clicks select; at most 9 images', async () => {
    const property = find('a listing with more than 9 images', (p) => p.Images.length > MAX_IMAGES);
    const path = `/property/${property.id}`;
    const opened = await visit(DESKTOP_VIEW, path);
    const { page } = opened;
    const gallery = page.locator('.gallery');
    const stage = gallery.locator('.gallery__image');
    const thumbs = gallery.getByRole('link', { name: /^Show photo/ });
    const counter = gallery.locator('.gallery__counter');
    const expectAt = async (index, why) => {
      await page.waitForFunction(
        ([want]) => document.querySelector('.gallery__image')?.getAttribute('src') === want,
        [property.Images[index]],
        { timeout: 3000 },
      ).catch(() => {});
      assert.equal(await stage.getAttribute('src'), property.Images[index], why);
      assert.equal((await counter.innerText()).trim(), `${index + 1} / ${MAX_IMAGES}`, `${why}: counter`);
      assert.equal(await thumbs.nth(index).getAttribute('aria-current'), 'true', `${why}: the thumbnail marked as shown`);
      assert.equal(await gallery.locator('[aria-current="true"]').count(), 1, `${why}: one shown`);
    };

    assert.equal(await thumbs.count(), MAX_IMAGES, 'the strip holds the first 9 images');
    const thumbSources = await gallery.locator('.gallery__thumbs img').evaluateAll((images) => images.map((i) => i.getAttribute('src')));
    assert.deepEqual(thumbSources, property.Images.slice(0, MAX_IMAGES));
    await expectAt(0, 'the index starts at 0');
    assert.ok(await gallery.getByRole('button', { name: 'Previous photo' }).isDisabled(), 'nothing before the first');

    await page.keyboard.press('ArrowLeft');
    await expectAt(0, 'ArrowLeft on the first image stays there');
    await page.keyboard.press('ArrowRight');
    await expectAt(1, 'ArrowRight moves forward');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expectAt(3, 'three times forward');
    await page.keyboard.press('ArrowLeft');
    await expectAt(2, 'ArrowLeft moves back');
    for (let i = 0; i < MAX_IMAGES + 3; i++) await page.keyboard.press('ArrowRight');
    await expectAt(MAX_IMAGES - 1, 'clamped at the ninth image, never the tenth');
    assert.ok(await gallery.getByRole('button', { name: 'Next photo' }).isDisabled(), 'nothing after the last');

    await thumbs.nth(4).click();
    await expectAt(4, 'a click on the fifth thumbnail');
    await thumbs.nth(0).click();
    await expectAt(0, 'a click on the first thumbnail');
    await gallery.getByRole('button', { name: 'Next photo' }).click();
    await expectAt(1, 'the next button');

    for (const hidden of property.Images.slice(MAX_IMAGES)) {
      assert.equal(await gallery.locator(`img[src="${hidden}"]`).count(), 0, `${hidden} is past the cap`);
    }
    await finish(opened, path);
  });

  test('the first image loads at once, the others lazily, all with their size', async () => {
    const property = find('a listing with several images', (p) => p.Images.length > 2);
    const path = `/property/${property.id}`;
    const opened = await visit(PHONE_VIEW, path, { javaScript: false });
    const { page } = opened;
    const stage = page.locator('.gallery__image');
    assert.equal(await stage.getAttribute('loading'), null, 'the first image is not lazy');
    assert.equal(await stage.getAttribute('fetchpriority'), 'high');
    assert.equal(await stage.getAttribute('alt'), `${property.title}, photo 1 of ${Math.min(MAX_IMAGES, property.Images.length)}`);
    const images = await page.locator('main img').evaluateAll((list) =>
      list.map((image) => ({ src: image.getAttribute('src'), loading: image.getAttribute('loading'), width: image.getAttribute('width'), height: image.getAttribute('height') })),
    );
    assert.ok(images.length > 3);
    for (const [i, image] of images.entries()) {
      assert.ok(Number(image.width) > 0 && Number(image.height) > 0, `${image.src}: width and height`);
      if (i > 0) assert.equal(image.loading, 'lazy', `${image.src} is below the first image: lazy`);
    }
    await opened.context.close();
  });
});

describe('get in touch', () => {
  test('the modal opens, keeps focus, closes with its button and with Escape, and gives focus back', async () => {
    const property = find('a listing with an agent', (p) => p.agent && p.reference);
    const agent = team.find((member) => member.id === property.agent);
    const path = `/property/${property.id}`;
    const opened = await visit(DESKTOP_VIEW, path);
    const { page } = opened;
    const open = page.locator('.price-card').getByRole('button', { name: 'Get in Touch' });
    const dialog = page.getByRole('dialog', { name: 'Get in Touch' });
    assert.equal(await dialog.count(), 0, 'closed at first');

    await open.click();
    await dialog.waitFor({ state: 'visible', timeout: 3000 });
    assert.ok((await dialog.innerText()).includes(property.reference), 'the dialog names the listing');
    assert.ok(await dialog.getByText(agent.name).isVisible(), 'the agent');
    const inDialog = () => page.evaluate(() => !!document.activeElement?.closest('dialog[open]'));
    assert.ok(await inDialog(), 'focus moves into the dialog');
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      assert.ok(await inDialog(), `focus stays in the dialog after ${i + 1} Tab presses`);
    }
    // The gallery's arrow keys rest while the dialog is open.
    const before = await page.locator('.gallery__image').getAttribute('src');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.locator('.gallery__image').getAttribute('src'), before);
    await screenshot(page, { path: join(SHOTS, 'property-desktop-modal.png') });

    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 3000 });
    assert.ok(await open.evaluate((button) => button === document.activeElement), 'focus returns to Get in Touch');

    await open.click();
    await dialog.waitFor({ state: 'visible', timeout: 3000 });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden', timeout: 3000 });
    assert.ok(await open.evaluate((button) => button === document.activeElement), 'focus returns after Escape');
    await finish(opened, path);
  });

  test("the message starts as 'I am interested in {title} ({reference})' in each language, with and without JavaScript", async () => {
    const property = find('a listing with a reference and translated titles', (p) => p.reference && p.translations?.ar?.title && p.translations?.ru?.title);
    for (const [lang, prefix] of [['en', ''], ['ar', '/ar'], ['ru', '/ru']]) {
      const messages = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'src', 'i18n', `${lang}.json`), 'utf8'));
      const title = lang === 'en' ? property.title : property.translations[lang].title;
      const expected = messages['forms.detail.message'].replace('{title}', title).replace('{reference}', property.reference);
      const path = `${prefix}/property/${property.id}`;
      const opened = await visit(DESKTOP_VIEW, path);
      const { page } = opened;
      await page.locator('.price-card').getByRole('button', { name: messages['property.getInTouch'] }).click();
      const message = page.locator('dialog[open] textarea[name="message"]');
      await message.waitFor({ state: 'visible', timeout: 5000 });
      // Latin words inside Arabic text come wrapped in direction isolates (src/i18n).
      const plain = (text) => text.replace(/[\u2066-\u2069]/g, '');
      assert.equal(plain(await message.inputValue()), expected, `${lang}: the message`);
      // Editable: the visitor's own words replace it.
      await message.fill('Is it still available?');
      assert.equal(await message.inputValue(), 'Is it still available?');
      await finish(opened, path);
      // The form for browsers without JavaScript, in the prerendered HTML, starts the same way.
      const html = await (await fetch(server.url + path)).text();
      const textarea = /<textarea[^>]*name="message"[^>]*>([^<]*)<\/textarea>/.exec(html);
      const unescape = (text) => text.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
      assert.equal(plain(unescape(textarea?.[1] ?? '')), expected, `${lang}: the no-JavaScript form's message`);
    }
  });

  test('on a phone the bar at the bottom opens it, and it offers call, WhatsApp and e-mail', async () => {
    const property = find('a listing with an agent', (p) => p.agent && p.reference);
    const agent = team.find((member) => member.id === property.agent);
    const path = `/property/${property.id}`;
    const opened = await visit(PHONE_VIEW, path);
    const { page } = opened;
    const bar = page.getByRole('group', { name: 'Contact about this property' });
    assert.ok(await bar.isVisible(), 'the contact bar is on screen');
    await bar.getByRole('button', { name: 'Get in Touch' }).click();
    const dialog = page.getByRole('dialog', { name: 'Get in Touch' });
    await dialog.waitFor({ state: 'visible', timeout: 3000 });
    assert.equal(await dialog.getByRole('link', { name: 'Call' }).getAttribute('href'), `tel:+${digits(agent.phone)}`);
    const whatsapp = await dialog.getByRole('link', { name: 'WhatsApp' }).getAttribute('href');
    assert.ok(whatsapp.startsWith(`https://wa.me/${digits(agent.whatsapp)}?text=`), whatsapp);
    assert.ok(decodeURIComponent(whatsapp.split('?text=')[1]).includes(property.reference));
    const mail = await dialog.getByRole('link', { name: 'Email' }).getAttribute('href');
    assert.ok(mail.startsWith(`mailto:${agent.email}?subject=`), mail);
    await screenshot(page, { path: join(SHOTS, 'property-phone-modal.png') });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 3000 });
    await finish(opened, path);
  });
});

describe('agent, links and sharing', () => {
  test('the agent card: photo, name, role, BRN, call and WhatsApp prefilled with the reference', async () => {
    const property = find('a listing with an agent', (p) => p.agent && p.reference);
    const agent = team.find((member) => member.id === property.agent);
    const path = `/property/${property.id}`;
    const opened = await visit(DESKTOP_VIEW, path);
    const card = opened.page.locator('.agent-card');
    assert.equal(await card.locator('img').getAttribute('src'), agent.image.src);
    assert.equal(await card.locator('img').getAttribute('alt'), agent.name);
    const text = await card.innerText();
    for (const expected of [agent.name, agent.role, `BRN ${agent.brn}`]) assert.ok(text.includes(expected), expected);
    assert.equal(await card.getByRole('link', { name: 'Call' }).getAttribute('href'), `tel:+${digits(agent.phone)}`);
    const whatsapp = card.getByRole('link', { name: 'WhatsApp' });
    assert.equal(await whatsapp.getAttribute('target'), '_blank');
    const url = new URL(await whatsapp.getAttribute('href'));
    assert.equal(`${url.origin}${url.pathname}`, `https://wa.me/${digits(agent.whatsapp)}`);
    const message = url.searchParams.get('text');
    assert.ok(message.includes(property.reference), `reference in "${message}"`);
    assert.ok(message.includes(property.title), 'title in the message');
    assert.ok(message.includes(canonical(property)), 'link in the message');
    const mail = new URL(await card.getByRole('link', { name: 'Email' }).getAttribute('href'));
    assert.equal(mail.pathname, agent.email);
    assert.ok(mail.searchParams.get('subject').includes(property.reference));
    // 'Back to Listings' leads to the property's own category.
    const backs = opened.page.getByRole('link', { name: 'Back to Listings' });
    assert.ok((await backs.count()) >= 1);
    for (const href of await backs.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
      assert.equal(href, CATEGORY_PATH[property.mainCategory]);
    }
    await finish(opened, path);
  });

  test('a listing without an agent offers the agency', async () => {
    const property = find('a listing without an agent', (p) => !p.agent);
    const path = `/property/${property.id}`;
    const opened = await visit(DESKTOP_VIEW, path);
    const card = opened.page.locator('.agent-card');
    assert.ok((await card.innerText()).includes(site.name));
    assert.equal(await card.getByRole('link', { name: 'Call' }).getAttribute('href'), `tel:+${digits(site.phones[0])}`);
    const whatsapp = await card.getByRole('link', { name: 'WhatsApp' }).getAttribute('href');
    assert.ok(whatsapp.startsWith(`https://wa.me/${digits(site.whatsapp)}?text=`));
    await finish(opened, path);
  });

  test('Back to Listings goes to each category listing', async () => {
    for (const [category, target] of Object.entries(CATEGORY_PATH)) {
      const property = find(`a ${category} listing`, (p) => p.mainCategory === category);
      const html = readFileSync(join(server.dist, 'property', property.id, 'index.html'), 'utf8');
      const hrefs = [...html.matchAll(/<a[^>]*href="([^"]+)"[^>]*>(?:(?!<\/a>).)*Back to Listings/g)].map((m) => m[1]);
      assert.ok(hrefs.length >= 1, `${property.id}: Back to Listings`);
      assert.ok(hrefs.every((href) => href === target), `${property.id}: ${hrefs} -> ${target}`);
    }
  });

  test('share copies the link where the Web Share API is missing', async () => {
    const property = properties[0];
    const path = `/property/${property.id}`;
    const opened = await visit(DESKTOP_VIEW, path, { permissions: ['clipboard-read', 'clipboard-write'] });
    const { page } = opened;
    assert.equal(await page.evaluate(() => typeof navigator.share), 'undefined', 'this browser has no Web Share');
    await page.locator('.price-card').getByRole('button', { name: 'Share' }).click();
    await page.getByRole('status').filter({ hasText: 'Link copied' }).waitFor({ timeout: 3000 });
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), canonical(property));
    await finish(opened, path);
  });

  test('share uses the Web Share API where there is one, and shows the link when copying fails', async () => {
    const property = properties[1];
    const path = `/property/${property.id}`;
    const opened = await openPage(browser, DESKTOP_VIEW);
    const { page } = opened;
    await page.addInitScript(() => {
      navigator.share = async (data) => {
        window.__shared = data;
      };
    });
    await gotoSettled(page, server.url + path);
    await page.locator('.price-card').getByRole('button', { name: 'Share' }).click();
    await page.waitForFunction(() => window.__shared, null, { timeout: 3000 });
    const shared = await page.evaluate(() => window.__shared);
    assert.equal(shared.url, canonical(property));
    assert.equal(shared.title, property.title);
    await opened.context.close();
    assert.deepEqual(opened.problems, []);

    const refused = await openPage(browser, DESKTOP_VIEW);
    await refused.page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
    });
    await gotoSettled(refused.page, server.url + path);
    await refused.page.locator('.price-card').getByRole('button', { name: 'Share' }).click();
    const field = refused.page.getByLabel('Copy this link:');
    await field.waitFor({ timeout: 3000 });
    assert.equal(await field.inputValue(), canonical(property));
    await finish(refused, path);
  });
});

describe('map, permit and similar properties', () => {
  test('the map waits to be asked for; the full map is a link to OpenStreetMap; nothing loads from elsewhere', async () => {
    const property = find('a listing with coordinates', (p) => p.coordinates && p.location);
    const path = `/property/${property.id}`;
    const opened = await visit(DESKTOP_VIEW, path);
    const { page } = opened;
    assert.equal(await page.locator('iframe').count(), 0, 'no third-party frame');
    const full = page.getByRole('link', { name: 'Open in OpenStreetMap' });
    const href = new URL(await full.getAttribute('href'));
    assert.equal(href.hostname, 'www.openstreetmap.org');
    assert.equal(Number(href.searchParams.get('mlat')).toFixed(3), property.coordinates.lat.toFixed(3));
    // The site's own map (MapLibre over the site's basemap) opens on request: e2e/map.test.mjs
    // opens it with WebGL; here the placeholder says where and offers it.
    assert.ok(await page.getByRole('button', { name: 'Show map' }).isVisible());
    assert.equal(await page.locator('.map-card__place').innerText(), property.location);
    await finish(opened, path);
  });

  test('the permit number, its QR code (built at build time), the reference and the ORN', async () => {
    const property = find('a listing with a permit link', (p) => p.permitUrl && p.agent);
    const agent = team.find((member) => member.id === property.agent);
    const path = `/property/${property.id}`;
    const opened = await visit(DESKTOP_VIEW, path);
    const { page } = opened;
    const section = page.getByRole('region', { name: 'Regulatory information' });
    const text = await section.innerText();
    for (const expected of [property.permitNumber, property.reference, site.orn, agent.brn]) {
      assert.ok(text.includes(expected), `${expected} shown`);
    }
    const qr = section.locator('img');
    // Named by a hash of the permit link it encodes (generator/src/publish/qr.rs).
    const src = await qr.getAttribute('src');
    assert.match(src, /^\/data\/qr\/[0-9a-f]{16}\.svg$/);
    assert.equal(await qr.locator('xpath=ancestor::a').getAttribute('href'), property.permitUrl);
    const response = await page.request.get(`${server.url}${src}`);
    assert.equal(response.status(), 200);
    assert.ok(response.headers()['content-type'].startsWith('image/svg+xml'));
    assert.ok((await response.text()).includes('<path'));
    await finish(opened, path);

    // Every sample listing has a permit (estate check warns about one without), so one without
    // is published after the build: its JSON, and its extras as the generator writes them for a
    // listing without a permit link (no QR code).
    const bare = { ...property, _id: 'listed-without-a-permit', id: 'listed-without-a-permit', title: 'Listed without a permit' };
    delete bare.permitNumber;
    delete bare.permitUrl;
    bare.url = `/property/${bare.id}`;
    writeFileSync(join(server.dist, 'api', 'properties', `${bare.id}.json`), JSON.stringify(bare));
    const extras = { ...json('data', 'detail', `${property.id}.json`), qr: null };
    writeFileSync(join(server.dist, 'data', 'detail', `${bare.id}.json`), JSON.stringify(extras));
    const without = await visit(DESKTOP_VIEW, bare.url, { status: 404 });
    await without.page.getByRole('heading', { level: 1, name: bare.title }).waitFor({ timeout: 5000 });
    const bareSection = without.page.getByRole('region', { name: 'Regulatory information' });
    assert.equal(await bareSection.locator('img').count(), 0, 'no QR code without a permit');
    assert.equal(await bareSection.getByRole('link').count(), 0, 'no permit link');
    assert.ok((await bareSection.innerText()).includes('N/A'), 'the permit shows as N/A');
    await finish(without, bare.url);
  });

  test('an off-plan listing names its project, RERA project number and escrow account in EN, AR and RU', async () => {
    const property = find('an off-plan listing with its project', (p) => p.mainCategory === 'OffPlan' && p.projectName && p.projectNumber && p.escrowAccount);
    const values = [property.projectName, property.projectNumber, property.escrowAccount];
    const words = {
      en: ['Regulatory information', 'Project name', 'RERA project number', 'Escrow account number'],
      ar: ['المعلومات التنظيمية', 'اسم المشروع', 'رقم المشروع لدى ريرا', 'رقم حساب الضمان'],
      ru: ['Регуляторная информация', 'Название проекта', 'Номер проекта RERA', 'Номер эскроу-счёта'],
    };
    for (const [lang, [region, ...labels]] of Object.entries(words)) {
      for (const [label, viewport] of [['phone', PHONE_VIEW], ['desktop', DESKTOP_VIEW]]) {
        const path = `${lang === 'en' ? '' : `/${lang}`}/property/${property.id}`;
        const opened = await visit(viewport, path);
        const section = opened.page.getByRole('region', { name: region });
        // Each particular as a term and its definition, beside the permit's.
        const rows = await section.locator('dt').evaluateAll((terms) => terms.map((dt) => [dt.textContent.trim(), dt.nextElementSibling?.textContent.trim()]));
        const project = rows.filter(([term]) => labels.includes(term));
        assert.deepEqual(project, labels.map((term, i) => [term, values[i]]), `${path}: ${JSON.stringify(rows)}`);
        assert.ok(rows.findIndex(([term]) => term === labels[0]) > 0, `${path}: after the permit`);
        // Arabic reads right to left, each row's label at the start (the right) and its value at
        // the end; the numbers keep the DLD's digits in their order.
        const layout = await section.locator('dt').filter({ hasText: labels[2] }).evaluate((dt) => {
          const dd = dt.nextElementSibling;
          const [term, value] = [dt.getBoundingClientRect(), dd.getBoundingClientRect()];
          return { direction: getComputedStyle(dt).direction, termRight: term.right, valueLeft: value.left, valueRight: value.right, width: document.documentElement.scrollWidth - window.innerWidth };
        });
        assert.equal(layout.direction, lang === 'ar' ? 'rtl' : 'ltr', path);
        if (lang === 'ar') assert.ok(layout.valueRight <= layout.termRight, `${path}: the value is left of its label`);
        else assert.ok(layout.valueLeft >= layout.termRight, `${path}: the value is right of its label`);
        assert.ok(layout.width <= 0, `${path}: nothing wider than the screen`);
        await section.scrollIntoViewIfNeeded();
        await opened.page.waitForFunction(() => [...document.querySelectorAll('.compliance img')].every((img) => img.complete && img.naturalWidth > 0));
        await screenshot(section, { path: join(SHOTS, `property-off-plan-${lang}-${label}.png`) });
        await finish(opened, path);
      }
    }

    // A listing that is not off-plan has no project rows.
    const resale = find('a residential listing', (p) => p.mainCategory === 'Residential');
    const opened = await visit(DESKTOP_VIEW, `/property/${resale.id}`);
    const text = await opened.page.getByRole('region', { name: 'Regulatory information' }).innerText();
    assert.ok(!text.includes('Project name') && !text.includes('Escrow'), text);
    await finish(opened, `/property/${resale.id}`);
  });

  test('similar properties: up to 3 of the same category, never the property itself', async () => {
    const property = find('a listing with a community', (p) => p.location && p.mainCategory === 'Residential');
    const { similar } = json('data', 'detail', `${property.id}.json`);
    assert.ok(similar.length > 0 && similar.length <= 3, `${similar.length} similar`);
    const path = `/property/${property.id}`;
    const opened = await visit(DESKTOP_VIEW, path);
    const section = opened.page.getByRole('region', { name: 'Similar properties' });
    const links = await section.getByRole('link').evaluateAll((list) => list.map((a) => a.getAttribute('href')));
    assert.deepEqual(links, similar.map((card) => `/property/${card.id}`));
    for (const card of similar) {
      assert.notEqual(card.id, property.id);
      assert.equal(properties.find((p) => p.id === card.id).mainCategory, property.mainCategory);
    }
    // Following one loads that property's page.
    assert.ok((await section.getByRole('link').first().innerText()).includes(similar[0].title));
    await section.getByRole('link').first().click();
    await opened.page.waitForURL(`**/property/${similar[0].id}`);
    await opened.page.getByRole('heading', { level: 1, name: similar[0].title }).waitFor({ timeout: 5000 });
    await finish(opened, path);
  });
});

describe('market figures', () => {
  test("the listing against its community's DLD median, the source and the Golden Visa line, in EN, AR and RU", async () => {
    const property = find('a sale with market figures', (p) => p.mainCategory === 'Residential' && p.price >= 2_000_000 && json('data', 'detail', `${p.id}.json`).market?.median);
    const { market } = json('data', 'detail', `${property.id}.json`);
    const median = { en: market.median.toLocaleString('en-GB'), ar: market.median.toLocaleString('en-GB'), ru: market.median.toLocaleString('ru-RU') };
    const words = {
      en: ['Price against the market', 'median of', 'Dubai Land Department open data', 'Golden Visa'],
      ar: ['السعر مقارنة بالسوق', 'الوسيط', 'دائرة الأراضي والأملاك', 'الإقامة الذهبية'],
      ru: ['Цена в сравнении с рынком', 'медианы', 'Земельного департамента Дубая', 'золотую визу'],
    };
    for (const [lang, [title, ...phrases]] of Object.entries(words)) {
      for (const [label, viewport] of [['phone', PHONE_VIEW], ['desktop', DESKTOP_VIEW]]) {
        const path = `${lang === 'en' ? '' : `/${lang}`}/property/${property.id}`;
        const opened = await visit(viewport, path);
        const section = opened.page.getByRole('region', { name: title });
        const text = (await section.innerText()).replace(/[\u2066-\u2069]/g, '');
        for (const phrase of [...phrases, median[lang]]) assert.ok(text.includes(phrase), `${path}: '${phrase}' in ${text}`);
        await section.scrollIntoViewIfNeeded();
        await screenshot(section, { path: join(SHOTS, `property-market-${lang}-${label}.png`) });
        await finish(opened, path);
      }
    }
  });
});

describe('search engines and screenshots', () => {
  test('every prerendered property page has valid JSON-LD, Open Graph and Twitter tags and a unique title', () => {
    assert.equal(routes.properties.length, properties.length);
    const titles = new Set();
    for (const property of properties) {
      const file = join(server.dist, 'property', property.id, 'index.html');
      const html = readFileSync(file, 'utf8');
      const where = property.id;
      const head = html.slice(0, html.indexOf('</head>'));
      const scripts = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((m) => m[1]);
      assert.equal(scripts.length, 1, `${where}: one JSON-LD block`);
      assert.ok(head.includes(scripts[0]), `${where}: the JSON-LD is in the head`);
      const data = JSON.parse(scripts[0]);
      assert.equal(data['@context'], 'https://schema.org');
      const listing = data['@graph'].find((node) => node['@type'] === 'RealEstateListing');
      const agency = data['@graph'].find((node) => node['@type'] === 'RealEstateAgent');
      assert.ok(listing && agency, `${where}: listing and agency`);
      assert.equal(listing.url, canonical(property));
      assert.equal(listing.name, property.title);
      assert.ok(listing.description.length > 20, `${where}: description`);
      assert.equal(listing.datePosted, property.createdAt);
      assert.ok(listing.image.length >= 1 && listing.image.every((url) => url.startsWith('http')), `${where}: absolute images`);
      if (property.Images.length) assert.equal(listing.image[0], `${site.baseUrl}${property.Images[0]}`);

      const offer = listing.offers;
      assert.equal(offer['@type'], 'Offer');
      assert.equal(offer.priceCurrency, 'AED');
      assert.equal(offer.price, property.price ?? undefined, `${where}: price`);
      assert.deepEqual(offer.offeredBy, { '@id': agency['@id'] });
      if (property.mainCategory === 'Rental' && property.price != null) {
        assert.equal(offer.priceSpecification.unitCode, property.pricePeriod === 'month' ? 'MON' : 'ANN');
      }

      const home = listing.about;
      assert.ok(['Apartment', 'SingleFamilyResidence', 'Accommodation', 'Place'].includes(home['@type']), home['@type']);
      assert.equal(home.address['@type'], 'PostalAddress');
      assert.equal(home.address.addressCountry, 'AE');
      assert.equal(home.address.addressLocality, property.location ?? undefined);
      if (home['@type'] !== 'Place') {
        if (property.area != null) assert.deepEqual([home.floorSize.value, home.floorSize.unitCode], [property.area, 'FTK']);
        assert.equal(home.numberOfBedrooms, property.bedrooms ?? undefined);
        if (property.bedrooms != null) assert.ok(home.numberOfRooms >= 1);
        assert.equal(home.numberOfBathroomsTotal, property.bathrooms ?? undefined);
      }
      if (property.coordinates) assert.equal(home.geo.latitude, property.coordinates.lat);

      assert.equal(agency.name, site.name);
      assert.equal(agency.identifier.value, site.orn);
      assert.ok(agency.logo.startsWith('http'));

      const meta = (attribute, name) => new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(head)?.[1];
      assert.equal(/<link rel="canonical" href="([^"]+)"/.exec(head)?.[1], canonical(property), `${where}: canonical`);
      assert.equal(meta('property', 'og:url'), canonical(property));
      assert.ok(meta('property', 'og:image')?.startsWith('http'), `${where}: og:image`);
      assert.equal(meta('property', 'og:title'), `${property.title} | ${site.name}`.replace(/&/g, '&amp;'));
      assert.equal(meta('name', 'twitter:card'), 'summary_large_image');
      const description = meta('name', 'description');
      assert.ok(description.length > 50 && description.length <= 170, `${where}: description of ${description.length}`);
      const title = /<title>(.*?)<\/title>/.exec(head)[1];
      assert.ok(!titles.has(title), `${where}: title "${title}" is unique`);
      titles.add(title);
    }
    assert.equal(titles.size, properties.length);
  });

  test('the page reads as a listing without JavaScript', async () => {
    const property = find('a listing with a price', (p) => p.price != null && p.agent);
    const path = `/property/${property.id}`;
    const opened = await visit(PHONE_VIEW, path, { javaScript: false });
    const text = await opened.page.locator('main').innerText();
    assert.ok(text.includes(property.title));
    assert.ok(text.includes(`${property.price.toLocaleString('en-GB')} AED`), 'price followed by AED');
    assert.ok(text.includes('Description'));
    await opened.context.close();
  });

  for (const [label, viewport] of [['phone', PHONE_VIEW], ['desktop', DESKTOP_VIEW]]) {
    test(`screenshots on a ${label}`, async () => {
      const property = find('a featured listing with an agent and coordinates', (p) => p.featured && p.agent && p.coordinates);
      const path = `/property/${property.id}`;
      const opened = await visit(viewport, path);
      const { page } = opened;
      await loadLazyImages(page);
      await screenshot(page, { path: join(SHOTS, `property-${label}.png`) });
      await screenshot(page, { path: join(SHOTS, `property-${label}-full.png`), fullPage: true });
      // Nothing is wider than the screen.
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling');
      await finish(opened, path);
    });
  }
});

describe('not found', () => {
  test('an unknown id shows Property Not Found with Go Back to /', async () => {
    const path = '/property/no-such-listing';
    const opened = await visit(PHONE_VIEW, path, { status: 404 });
    const { page } = opened;
    await page.getByRole('heading', { level: 1, name: 'Property Not Found' }).waitFor({ timeout: 5000 });
    assert.equal(await page.getByRole('link', { name: 'Go Back' }).getAttribute('href'), '/');
    await screenshot(page, { path: join(SHOTS, 'property-phone-not-found.png') });
    await page.getByRole('link', { name: 'Go Back' }).click();
    await page.waitForURL(`${server.url}/`);
    await finish(opened, path);
  });

  test('an id that is not a content id also shows Property Not Found', async () => {
    const path = '/property/__shell__';
    const opened = await visit(DESKTOP_VIEW, path, { status: 404 });
    await opened.page.getByRole('heading', { level: 1, name: 'Property Not Found' }).waitFor({ timeout: 5000 });
    await finish(opened, path);
  });

  test('a property that was never prerendered is loaded in the browser', async () => {
    // One whose page was removed after the build ...
    // (one with an agent and a developer: the browser's loader finds them in its detail file,
    // without downloading the team and developer lists).
    const property = properties.findLast((p) => p.agent && p.developer);
    assert.ok(property, 'the sample content has a listing with an agent and a developer');
    rmSync(join(server.dist, 'property', property.id), { recursive: true, force: true });
    const path = `/property/${property.id}`;
    const asked = [];
    const opened = await openPage(browser, DESKTOP_VIEW, { expectNotFound: true });
    const { page } = opened;
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    assert.equal((await page.goto(server.url + path, { waitUntil: 'load' })).status(), 404);
    await page.getByRole('heading', { level: 1, name: property.title }).waitFor({ timeout: 5000 });
    assert.ok((await page.locator('.property__price-value').innerText()).length > 0, 'the price');
    const agent = team.find((member) => member.id === property.agent);
    assert.ok((await page.locator('.agent-card').innerText()).includes(agent.name), 'the agent');
    const developer = json('data', 'developers.json').find((one) => one.id === property.developer);
    assert.ok((await page.locator('.details-list').first().innerText()).includes(developer.name), 'the developer');
    assert.ok(asked.includes(`/data/detail/${property.id}.json`), 'the detail file was read');
    assert.deepEqual(asked.filter((p) => /\/data\/(team|developers)\.json$/.test(p)), [], 'no team or developer list');
    assert.ok(await page.getByRole('link', { name: 'Back to Listings' }).first().isVisible());
    assert.equal(await page.title(), `${property.title} | ${site.name}`);
    await finish(opened, path);

    // ... and one published after the build (its JSON only, no page, no similar or QR files).
    const late = { ...properties[0], _id: 'published-after-the-build', id: 'published-after-the-build', title: 'Published after the build' };
    late.url = `/property/${late.id}`;
    writeFileSync(join(server.dist, 'api', 'properties', `${late.id}.json`), JSON.stringify(late));
    const latePath = late.url;
    const second = await visit(PHONE_VIEW, latePath, { status: 404 });
    await second.page.getByRole('heading', { level: 1, name: late.title }).waitFor({ timeout: 5000 });
    assert.equal(await second.page.getByRole('region', { name: 'Similar properties' }).count(), 0);
    await finish(second, latePath);
  });
});
