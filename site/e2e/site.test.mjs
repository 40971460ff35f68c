// Browser tests of the layout, routing and content screens, against `estate serve` in Debian's
// Chromium, on a phone-sized and a desktop-sized viewport. Screenshots go to e2e/screenshots/.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { repo, startServer } from './server.mjs';
import { FIXED_ROUTES } from './routes.mjs';
import { DESKTOP, PHONE, gotoSettled, launch, openPage, openWalk, screenshot, settle } from './browser.mjs';

const SHOTS = join(import.meta.dirname, 'screenshots');
mkdirSync(SHOTS, { recursive: true });


let server;
let browser;
let site;

before(async () => {
  server = await startServer();
  browser = await launch();
  site = JSON.parse(readFileSync(join(server.dist, 'data', 'site.json'), 'utf8'));
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const shotName = (path, label) => `${label}${path === '/' ? '-home' : path.replace(/[^a-zA-Z0-9]+/g, '-')}.png`;

/**
 * Loads `path` (in `walk` when given, see openWalk), asserts the page answered `status` and
 * rendered without console problems.
 */
async function visit(viewport, path, { status = 200, javaScript = true, walk = undefined } = {}) {
  const expectNotFound = status === 404;
  const opened = walk ? await walk.open({ expectNotFound }) : await openPage(browser, viewport, { javaScriptEnabled: javaScript, expectNotFound });
  const response = await opened.page.goto(server.url + path, { waitUntil: 'load' });
  assert.equal(response.status(), status, `${path} answered ${response.status()}`);
  if (javaScript) await settle(opened.page);
  return opened;
}

/** Whether the browser tells assistive technology that the element at `selector` is expanded (its accessibility tree). */
async function expanded(page, selector) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { result } = await cdp.send('Runtime.evaluate', { expression: `document.querySelector(${JSON.stringify(selector)})` });
    const { node } = await cdp.send('DOM.describeNode', { objectId: result.objectId });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { backendNodeId: node.backendNodeId, fetchRelatives: false });
    return nodes[0].properties?.find((property) => property.name === 'expanded')?.value.value ?? false;
  } finally {
    await cdp.detach();
  }
}

async function finish({ context, page, problems }, path, label) {
  await screenshot(page, { path: join(SHOTS, shotName(path, label)), fullPage: false });
  await context.close();
  assert.deepEqual(problems, [], `${path}: console problems`);
}

// Every fixed route on a phone and on a desktop (the root rendered, header, footer, one h1, the
// site's name in the title, a description, no console problem, a screenshot) is the audit walk's
// `page` check (e2e/audit.mjs), which loads each page once for all its checks.

describe('header and layout', () => {
  test('desktop header links, More menu, list button and logo', async () => {
    const opened = await visit(DESKTOP, '/about-us');
    const { page } = opened;
    const header = page.locator('header').first();
    const box = await header.boundingBox();
    assert.equal(Math.round(box.height), 75, 'header is 75px high');
    assert.equal(await header.evaluate((el) => getComputedStyle(el).position), 'fixed');
    const logo = header.locator('a[href="/"] img').first();
    assert.equal(Math.round((await logo.boundingBox()).height), 65, 'logo is 65px high');
    for (const [name, href] of [['Buy', '/buy-property'], ['Rent', '/rent-property'], ['Off Plan', '/off-plan'], ['Commercial', '/commercial'], ['Blog', '/blogpage'], ['List your property', '/pro']]) {
      const link = header.getByRole('link', { name, exact: true }).first();
      assert.equal(await link.getAttribute('href'), href, name);
      assert.ok(await link.isVisible(), `${name} visible`);
    }
    await header.getByText('More', { exact: true }).first().click();
    for (const [name, href] of [['Developers', '/developers'], ['Meet the Team', '/meet-the-team'], ['Contact Us', '/contact-us'], ['About Us', '/about-us']]) {
      const link = header.getByRole('link', { name, exact: true }).first();
      assert.ok(await link.isVisible(), `More > ${name} visible`);
      assert.equal(await link.getAttribute('href'), href);
    }
    for (const lang of ['EN', 'AR', 'RU']) {
      assert.ok(await header.getByText(lang, { exact: true }).first().isVisible(), `language ${lang}`);
    }
    // A shell link loads its page (every page is prerendered), which marks its own link.
    await header.getByRole('link', { name: 'Developers', exact: true }).first().click();
    await page.waitForURL('**/developers');
    await settle(page);
    // (The More menu is closed on the new page, so its link is found by its address, not its role.)
    await header.locator('a[href="/developers"][aria-current="page"]').first().waitFor({ state: 'attached', timeout: 5000 });
    await finish(opened, '/developers', 'more-menu');
  });

  test('mobile menu opens a stacked list and closes when an item is chosen', async () => {
    const opened = await visit(PHONE, '/');
    const { page } = opened;
    const toggle = page.locator('header .menu-toggle');
    assert.equal(await expanded(page, 'header .menu-toggle'), false);
    await toggle.click();
    // The button opens the menu it names, and says so to assistive technology (the browser
    // does, for a popover's button).
    assert.equal(await expanded(page, 'header .menu-toggle'), true);
    const menu = page.locator(`[id="${await toggle.getAttribute('popovertarget')}"]`);
    assert.ok(await menu.isVisible());
    await screenshot(page, { path: join(SHOTS, 'phone-mobile-menu-open.png') });
    for (const name of ['Buy', 'Rent', 'Off Plan', 'Commercial', 'Blog', 'Developers', 'Meet the Team', 'Contact Us', 'About Us', 'List your property']) {
      assert.ok(await menu.getByRole('link', { name, exact: true }).first().isVisible(), `menu item ${name}`);
    }
    await menu.getByRole('link', { name: 'Meet the Team', exact: true }).first().click();
    await page.waitForURL('**/meet-the-team');
    await menu.waitFor({ state: 'hidden', timeout: 5000 });
    assert.equal(await expanded(page, 'header .menu-toggle'), false);
    await finish(opened, '/meet-the-team', 'after-menu');
  });

  test('the mobile menu opens and closes without the page\'s code (the first tap on a slow phone), in Arabic too', async () => {
    const opened = await visit(PHONE, '/ar/', { javaScript: false });
    const { page } = opened;
    const menu = page.locator('#mobile-menu');
    assert.equal(await menu.isVisible(), false);
    await page.locator('header .menu-toggle').click();
    assert.ok(await menu.isVisible(), 'the menu opens with no script');
    assert.ok(await menu.getByRole('link', { name: 'اتصل بنا', exact: true }).isVisible(), 'its links are there');
    // The button shows the close icon while the menu is open.
    assert.ok(await page.locator('header .menu-toggle__close').isVisible());
    assert.equal(await page.locator('header .menu-toggle__open').isVisible(), false);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden', timeout: 5000 });
    await page.locator('header .menu-toggle').click();
    await menu.getByRole('link', { name: 'اتصل بنا', exact: true }).click();
    await page.waitForURL('**/ar/contact-us');
    assert.equal(await page.locator('#mobile-menu').isVisible(), false, 'closed on the new page');
    await finish(opened, '/ar/contact-us', 'no-script-menu');
  });

  test('footer holds contact details, working hours, social and legal links', async () => {
    const opened = await visit(DESKTOP, '/');
    const footer = opened.page.locator('footer').first();
    const text = await footer.innerText();
    assert.ok(text.includes('Monday to Saturday 09:00 AM to 06:00 PM, Sunday closed'), 'working hours');
    assert.ok(text.includes(site.email), 'email');
    for (const phone of site.phones) assert.ok(text.includes(phone), `phone ${phone}`);
    assert.equal(await footer.locator('a[href="/privacy-policy"]').count() > 0, true);
    assert.equal(await footer.locator('a[href="/termandcondition"]').count() > 0, true);
    for (const social of site.social) {
      assert.ok((await footer.locator(`a[href="${social.url}"]`).count()) > 0, social.network);
    }
    const partners = opened.page.locator('img[src^="/media/partners/"]');
    assert.ok((await partners.count()) >= site.partners.length, 'partners strip');
    await finish(opened, '/', 'footer');
  });

  test('the chat button opens WhatsApp with the agency number in a new window', async () => {
    const opened = await visit(PHONE, '/contact-us');
    const chat = opened.page.locator(`a[href^="https://wa.me/"]`).last();
    assert.equal(await chat.getAttribute('href'), `https://wa.me/${site.whatsapp.replace(/\D/g, '')}`);
    assert.equal(await chat.getAttribute('target'), '_blank');
    assert.ok(await chat.isVisible());
    await finish(opened, '/contact-us', 'chat');
  });

  test('the page scrolls to the top on a path change', async () => {
    const opened = await visit(DESKTOP, '/about-us');
    const { page } = opened;
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    assert.ok((await page.evaluate(() => window.scrollY)) > 100);
    await page.locator('footer a[href="/privacy-policy"]').first().click();
    await page.waitForURL('**/privacy-policy');
    await page.waitForFunction(() => window.scrollY === 0, null, { timeout: 3000 });
    await finish(opened, '/privacy-policy', 'scrolled');
  });
});

describe('not found and errors', () => {
  for (const path of ['/no-such-page', '/blog']) {
    test(`${path} shows the 404 page`, async () => {
      const opened = await visit(PHONE, path, { status: 404 });
      const { page } = opened;
      assert.ok(await page.getByText("Sorry, we couldn't find this page.").isVisible());
      assert.equal(await page.getByRole('link', { name: 'Back to home' }).getAttribute('href'), '/');
      await finish(opened, path, '404');
    });
  }

  test('an unknown post says Blog not found.', async () => {
    const opened = await visit(DESKTOP, '/blog/no-such-post/none', { status: 404 });
    assert.ok(await opened.page.getByText('Blog not found.').isVisible());
    await finish(opened, '/blog/no-such-post', 'blog-404');
  });
});

test("a post's address without its slug, or with an old one, is redirected (301) to its page, in each language", async () => {
  const posts = JSON.parse(readFileSync(join(server.dist, 'api', 'blogs.json'), 'utf8'));
  const walk = await openWalk(browser, PHONE);
  for (const post of posts.slice(0, 2)) {
    for (const prefix of ['', '/ar', '/ru']) {
      for (const asked of [`${prefix}/blog/${post.id}`, `${prefix}/blog/${post.id}/`, `${prefix}/blog/${post.id}/an-old-title`]) {
        const opened = await walk.open();
        const { page } = opened;
        const response = await page.goto(server.url + asked, { waitUntil: 'load' });
        // Before: the not-found page (404), which then drew the article at the wrong address.
        assert.equal(response.status(), 200, `${asked}: ${response.status()}`);
        assert.equal(await response.request().redirectedFrom()?.response().then((first) => first.status()), 301, `${asked}: redirected`);
        assert.equal(new URL(page.url()).pathname, `${prefix}${post.url}`, asked);
        await settle(page);
        assert.equal(await page.locator('h1').count(), 1, asked);
        assert.ok((await page.locator('main').innerText()).length > 1000, `${asked}: the article`);
        await opened.context.close();
        assert.deepEqual(opened.problems, [], `${asked}: console problems`);
      }
    }
  }
  await walk.close();
});

describe('content screens', () => {
  test('meet the team shows both members from content', async () => {
    const team = JSON.parse(readFileSync(join(server.dist, 'data', 'team.json'), 'utf8'));
    const opened = await visit(DESKTOP, '/meet-the-team');
    for (const member of team) {
      assert.ok(await opened.page.getByText(member.name, { exact: true }).first().isVisible(), member.name);
      assert.ok(await opened.page.getByText(member.role).first().isVisible(), member.role);
    }
    await finish(opened, '/meet-the-team', 'team');
  });

  test('developers: one card opens its detail, Close closes it', async () => {
    const developers = JSON.parse(readFileSync(join(server.dist, 'data', 'developers.json'), 'utf8'));
    assert.equal(developers.length, 9);
    const opened = await visit(PHONE, '/developers');
    const { page } = opened;
    for (const developer of developers) {
      assert.ok(await page.getByRole('button', { name: new RegExp(developer.name) }).first().isVisible(), developer.name);
    }
    const first = developers[0];
    await page.getByRole('button', { name: new RegExp(first.name) }).first().click();
    const close = page.getByRole('button', { name: 'Close', exact: true });
    assert.ok(await close.isVisible(), 'detail with Close');
    const description = first.description.replace(/<[^>]+>/g, '').trim().slice(0, 40);
    assert.ok(await page.getByText(description, { exact: false }).first().isVisible(), 'description shown');
    await screenshot(page, { path: join(SHOTS, 'phone-developer-selected.png') });
    await close.click();
    assert.equal(await close.count(), 0, 'no developer selected');
    await finish(opened, '/developers', 'developers-closed');
  });

  test('about us: Read More and Read Less toggle the text', async () => {
    const opened = await visit(DESKTOP, '/about-us');
    const { page } = opened;
    await page.getByRole('button', { name: 'Read More' }).click();
    assert.ok(await page.getByRole('button', { name: 'Read Less' }).isVisible());
    await page.getByRole('button', { name: 'Read Less' }).click();
    assert.ok(await page.getByRole('button', { name: 'Read More' }).isVisible());
    await finish(opened, '/about-us', 'about');
  });

  test('blog list links every post, and a post shows its title and content', async () => {
    const posts = JSON.parse(readFileSync(join(server.dist, 'api', 'blogs.json'), 'utf8'));
    const opened = await visit(PHONE, '/blogpage');
    const { page } = opened;
    assert.ok(await page.getByRole('heading', { name: 'Real Estate Blogs' }).isVisible());
    assert.equal(await page.getByRole('link', { name: /Read More/ }).count(), posts.length);
    await page.getByRole('link', { name: /Read More/ }).first().click();
    await page.waitForURL(`**${posts[0].url}`);
    // The URL changes at once; the post's heading once its data has loaded.
    await page.getByRole('heading', { level: 1, name: posts[0].title }).waitFor({ timeout: 5000 });
    assert.equal(await page.locator('h1').innerText(), posts[0].title);
    assert.ok((await page.locator('main').innerText()).length > 1000, 'the article is shown');
    await finish(opened, posts[0].url, 'post');
  });

  test('legal pages show every section of their text', async () => {
    for (const [path, id] of [['/privacy-policy', 'privacy-policy'], ['/termandcondition', 'terms-and-conditions']]) {
      const page = JSON.parse(readFileSync(join(server.dist, 'data', 'pages', `${id}.json`), 'utf8'));
      const headings = [...page.content.matchAll(/<h2>(.*?)<\/h2>/g)].map((m) => m[1].replace(/&amp;/g, '&'));
      assert.ok(headings.length >= 10, `${id} sections`);
      const opened = await visit(DESKTOP, path);
      for (const heading of headings) {
        assert.ok(await opened.page.getByRole('heading', { name: heading }).isVisible(), `${path}: ${heading}`);
      }
      await finish(opened, path, 'legal');
    }
  });
});

describe('without JavaScript', () => {
  // One tab for all of them (see openWalk), JavaScript off.
  let walk;
  before(async () => {
    walk = await openWalk(browser, PHONE, { javaScriptEnabled: false });
  });
  after(() => walk.close());
  for (const path of FIXED_ROUTES) {
    test(`${path} shows its content and links`, async () => {
      const opened = await visit(PHONE, path, { javaScript: false, walk });
      const { page } = opened;
      assert.equal(await page.locator('h1').count(), 1);
      assert.ok((await page.locator('main').innerText()).trim().length > 20, 'main content');
      assert.ok((await page.locator('footer a[href="/privacy-policy"]').count()) > 0, 'footer links');
      await opened.context.close();
    });
  }
});

test('the first view of each kind of page downloads its JavaScript within the budget of bench/site_build.py, gzipped, in every language', () => {
  // The figures of the JavaScript and page-size budget, as bench/site_build.py prints them, on
  // this build.
  const check = spawnSync('python3', [join(repo, 'bench', 'site_build.py'), '--check-js', server.dist], { encoding: 'utf8' });
  assert.equal(check.status, 0, `${check.stdout}${check.stderr}`);
  assert.match(check.stdout, /first view JS, home/);
});

test("a page's HTML starts only the boot script, which fetches exactly the code and messages its first view runs, after the first paint, and the page hydrates", async () => {
  const property = JSON.parse(readFileSync(join(server.dist, 'api', 'properties.json'), 'utf8'))[0];
  const messages = Object.fromEntries(['en', 'ar', 'ru'].map((lang) => [lang, JSON.parse(readFileSync(join(repo, 'site', 'src', 'i18n', `${lang}.json`), 'utf8'))]));
  // A listing page too: its kind's texts are their own message set, so the off-plan page it goes
  // to loads another set with the module already there.
  for (const path of ['/', '/ar/contact-us', `/ru/property/${property.id}`, '/blogpage', '/ru/buy-property']) {
    // The prerendered HTML: no module script or modulepreload link (Lighthouse counted them
    // against the first paint), one deferred classic script and the JSON block it reads.
    const html = await (await fetch(server.url + path)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    assert.doesNotMatch(html, /type="module"|modulepreload/, `${path}: no module script or modulepreload in the HTML`);
    const bootScripts = [...head.matchAll(/<script defer src="([^"]+)"><\/script>/g)].map((match) => match[1]);
    assert.equal(bootScripts.length, 1, `${path}: one boot script`);
    assert.match(bootScripts[0], /^\/assets\/boot-[\w-]+\.js$/, path);
    const announced = JSON.parse(/<script type="application\/json" id="boot">([^<]*)<\/script>/.exec(head)?.[1] ?? 'null');
    assert.ok(announced?.entry && announced.preload.length > 0, `${path}: the boot block names the entry and the page's chunks`);

    const { page, context, problems } = await openPage(browser, DESKTOP);
    // When the page was first painted, when the entry was requested, and when the page had
    // hydrated (`data-hydrated`): what it fetched until then is its first view. What it wants once
    // idle after that (/contact-us's forms, forms/deferred.tsx) comes after.
    await page.addInitScript(() => {
      window.__firstPaint = null;
      window.__hydratedAt = null;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (entry.name === 'first-paint') window.__firstPaint ??= entry.startTime;
      }).observe({ type: 'paint', buffered: true });
      new MutationObserver(() => {
        if (document.documentElement.hasAttribute('data-hydrated')) window.__hydratedAt ??= performance.now();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
    });
    await gotoSettled(page, server.url + path);
    const { scripts, later } = await page.evaluate(() => {
      // The first view is fetched until the islands hydrated with the page have (their last
      // `island-hydrated` mark); a deferred island's code and messages are asked for after that,
      // once the page is idle (islands/hydrate.tsx).
      const eager = performance.getEntriesByName('island-hydrated').filter((mark) => !mark.detail?.deferred).map((mark) => mark.startTime);
      const firstView = eager.length ? Math.max(...eager) : window.__hydratedAt;
      const fetched = performance.getEntriesByType('resource').filter((entry) => entry.startTime < window.__hydratedAt && new URL(entry.name).pathname.endsWith('.js'));
      const path = (entry) => new URL(entry.name).pathname;
      return { scripts: fetched.filter((entry) => entry.startTime <= firstView).map(path), later: fetched.filter((entry) => entry.startTime > firstView).map(path) };
    });
    // Nothing fetched that the boot block did not announce, and nothing announced that is not used.
    assert.deepEqual([...new Set(scripts)].sort(), [bootScripts[0], announced.entry, ...announced.preload].sort(), path);
    // After it, only the deferred islands' chunks the block names as `later`, and their messages.
    for (const file of later) assert.ok(announced.later?.includes(file) || /^\/assets\/m-(en|ar|ru)-\w+-[\w-]+\.js$/.test(file), `${path}: ${file}, fetched after the first view, is a deferred island's`);
    const { firstPaint, entryRequested } = await page.evaluate((entry) => ({
      firstPaint: window.__firstPaint,
      entryRequested: performance.getEntriesByName(new URL(entry, location.href).href)[0]?.startTime,
    }), announced.entry);
    assert.ok(firstPaint !== null && entryRequested >= firstPaint, `${path}: entry requested at ${entryRequested} ms, after the first paint at ${firstPaint} ms`);
    // Hydrated from the page's data (the entry hydrates nothing without it), and a header link
    // loads its page, which hydrates too.
    assert.ok(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated')), `${path}: hydrated`);
    const link = page.locator('header a[href$="/off-plan"]').first();
    const target = await link.getAttribute('href');
    await link.click();
    await page.waitForURL(`**${target}`);
    await settle(page);
    // The off-plan page's own texts, in the page's language (not a message key).
    const lang = /^\/(ar|ru)\//.exec(path)?.[1] ?? 'en';
    await page.locator('#listing-heading').getByText(messages[lang]['listing.offPlan.heading'], { exact: true }).waitFor();
    const title = await page.title();
    assert.ok(title.includes(messages[lang]['listing.offPlan.meta']), `${path}: the off-plan page's title, not "${title}"`);
    await context.close();
    assert.deepEqual(problems, [], path);
  }
});

test('hydration keeps the served elements in place, so what a visitor focused before it keeps its focus', async () => {
  // Every element taken out of the app's container while the page loads is noted (a move is a
  // removal too, and it blurs a focused element): only the prerender's hoisted preloads may go.
  for (const path of ['/buy-property', '/ar/rent-property', '/contact-us', '/', `/ru/property/${JSON.parse(readFileSync(join(server.dist, 'api', 'properties.json'), 'utf8'))[0].id}`]) {
    const { context, page, problems } = await openPage(browser, PHONE);
    try {
      await page.addInitScript(() => {
        window.__removed = [];
        new MutationObserver((records) => {
          for (const record of records) for (const node of record.removedNodes) if (node.nodeType === 1 && node.tagName !== 'LINK') window.__removed.push(`${node.tagName}.${node.className}`);
        }).observe(document, { childList: true, subtree: true });
      });
      await gotoSettled(page, server.url + path);
      assert.deepEqual(await page.evaluate(() => window.__removed.filter((name) => /app-shell|site-header|main/.test(name))), [], path);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  }
});

test('the page hydrates in slices, and what a visitor does while it hydrates is kept', async () => {
  const { context, page, problems } = await openPage(browser, PHONE);
  try {
    // The page's messages held once hydration has started (`data-hydrating`): React's scheduler
    // runs each slice of the hydration in a task it posts to a MessageChannel, so the page stays
    // part hydrated until they are released.
    await page.addInitScript(() => {
      const post = MessagePort.prototype.postMessage;
      window.__held = [];
      window.__hold = true;
      MessagePort.prototype.postMessage = function (...args) {
        if (window.__hold && document.documentElement.hasAttribute('data-hydrating')) return void window.__held.push([this, args]);
        return post.apply(this, args);
      };
      window.__release = () => {
        window.__hold = false;
        for (const [port, args] of window.__held.splice(0)) post.apply(port, args);
      };
    });
    await page.goto(server.url + '/', { waitUntil: 'load' });
    await page.waitForFunction(() => window.__held.length > 0);
    assert.equal(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated')), false, 'still hydrating');
    // Typed into the home search (the page's part, a form that works without script) and a
    // click on the menu button (the header's, a popover's).
    const field = page.locator('#search-home-query');
    await field.click();
    await field.pressSequentially('Creek');
    // A card's heart answers only once its island has hydrated: until then it is not drawn, so
    // no tap lands on it unanswered (styles/base.css); it keeps its place.
    const heart = page.locator('.card-grid .save-toggle').first();
    const visibility = () => heart.evaluate((element) => getComputedStyle(element).visibility);
    assert.equal(await visibility(), 'hidden', 'a heart before its island has hydrated');
    const box = await heart.boundingBox();
    await page.locator('.menu-toggle').click();
    await page.evaluate(() => window.__release());
    await settle(page);
    assert.equal(await visibility(), 'visible', 'the heart once its island has hydrated');
    assert.deepEqual(await heart.boundingBox(), box, 'the heart where its place was kept');
    assert.equal(await expanded(page, '.menu-toggle'), true, 'the click before the header hydrated opened the menu');
    assert.equal(await page.locator('#mobile-menu').isHidden(), false);
    await page.keyboard.press('Escape');
    await heart.click();
    assert.equal(await heart.getAttribute('aria-pressed'), 'true', 'the heart, shown, saves the listing');
    assert.equal(await field.inputValue(), 'Creek');
    await field.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search-result\?.*query=Creek/);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("the admin's styles are its own stylesheet: visitors' pages never load it, /admin links it in its HTML", async () => {
  const property = JSON.parse(readFileSync(join(server.dist, 'api', 'properties.json'), 'utf8'))[0];
  const sheetsOf = async (path) => {
    const { page, context, problems } = await openPage(browser, DESKTOP);
    const loaded = new Set();
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') loaded.add(new URL(request.url()).pathname);
    });
    await gotoSettled(page, server.url + path);
    const linked = await page.locator('link[rel="stylesheet"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    // The admin's class names, in the rules of each stylesheet the page has.
    const adminRules = await page.evaluate(() =>
      [...document.styleSheets].map((sheet) => [...sheet.cssRules].filter((rule) => /\.admin-card\b/.test(rule.cssText)).length),
    );
    await context.close();
    assert.deepEqual(problems, [], path);
    return { loaded: [...loaded].sort(), linked, adminRules };
  };
  for (const path of ['/', `/property/${property.id}`, `/ar/property/${property.id}`, '/contact-us']) {
    const { loaded, linked, adminRules } = await sheetsOf(path);
    // The site's stylesheet and the page's own kind's, if it has one (page-styles.test.mjs).
    assert.ok(loaded.length >= 1 && loaded.length <= 2, `${path}: the site's stylesheet and its page's (${loaded})`);
    assert.deepEqual([...linked].sort(), loaded, `${path}: the ones its HTML links`);
    assert.deepEqual(adminRules, loaded.map(() => 0), `${path}: no admin rules`);
  }
  for (const path of ['/admin', '/ru/blogform']) {
    const { loaded, linked, adminRules } = await sheetsOf(path);
    // Linked in the prerendered HTML (styled from the first paint), after the site's, and
    // loaded once: the loader of the page's code sees the link and adds no second one.
    assert.equal(linked.length, 2, `${path}: the site's and the admin's stylesheets (${linked})`);
    assert.deepEqual([...linked].sort(), loaded, `${path}: each loaded once`);
    assert.equal(adminRules[0], 0, `${path}: the site's stylesheet first, without the admin's rules`);
    assert.ok(adminRules[1] > 0, `${path}: the admin's rules in the second`);
  }
});
