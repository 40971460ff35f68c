// What a save costs, in the status panel beside the browser editor: deleting a team member whom
// listings name (the CMS takes the agent out of each of them in the same save) is published, but
// the panel says so as a warning, naming each listing the portal feed no longer carries and why,
// and what to do; the next, unrelated save costs nothing and says nothing of it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repo } from './server.mjs';
import { DEADLINE_MS, screenshot } from './browser.mjs';
import { browser, content, repository, server, withWatchedCopy } from './shared-site.mjs';
import { fillIn, reveal } from './cms-repo.mjs';
import * as session from './cms-session.mjs';
import { openEntry, panelText, signIn } from './cms-session.mjs';

const AGENT = 'sara-al-mansouri';
const AGENT_NAME = 'Sara Al Mansouri';

withWatchedCopy('estate-cms-cost-', { name: 'palm-crest-website' });

const outcome = (page, since) => session.outcome(page, since, { server });

/** The titles of the listings in the portal feed the server publishes now. */
async function inTheFeed() {
  const feed = await (await fetch(`${server.url}/feeds/portals/propertyfinder.xml`, { cache: 'no-store' })).text();
  return [...feed.matchAll(/<title_en><!\[CDATA\[(.*?)\]\]><\/title_en>/g)].map((m) => m[1]);
}

/** `estate serve` takes a rebuild that starts within this of the last one's end for the same save
 * (the watcher saw its files in rounds) and shows the two's cost together (BURST in
 * generator/src/serve/rebuild.rs). */
const SAME_SAVE_MS = 1000;

/**
 * Resolves once the site is built from every file written in `folders` and the next save can no
 * longer be taken for the same one: a person saves the next entry after that, while on a loaded
 * machine the watcher's last round of a save that wrote many files can end just before the test's
 * next save.
 */
async function settled(folders) {
  // A folder's own time is that of the last file deleted from it.
  const written = Math.max(...folders.flatMap((folder) => [folder, ...readdirSync(folder).map((name) => join(folder, name))]).map((path) => statSync(path).mtimeMs));
  let status;
  for (const started = Date.now(); Date.now() - started < DEADLINE_MS; await new Promise((resolve) => setTimeout(resolve, 100))) {
    status = await (await fetch(`${server.url}/cms/status.json`, { cache: 'no-store' })).json();
    if (Date.parse(status.content_at) >= written && Date.now() > Date.parse(status.at) + SAME_SAVE_MS) return;
  }
  assert.fail(`the site was last built at ${status?.at} from the content as at ${status?.content_at}, not from the files written at ${new Date(written).toISOString()}`);
}

/** The listings of the content naming `agent`. */
const naming = (agent) =>
  readdirSync(join(content, 'properties')).filter((name) => readFileSync(join(content, 'properties', name), 'utf8').includes(`agent: ${agent}\n`));

test('deleting a team member whom listings name: published, and the panel names as a warning each listing the portals no longer take, why, and what to do; the next save says nothing of it', async () => {
  const listings = naming(AGENT);
  assert.ok(listings.length > 10, `the sample's agent names ${listings.length} listings`);
  const feedBefore = await inTheFeed();
  const { context, page, errors } = await session.openCms({ browser, server, content, repository });
  await signIn(page);
  await page.getByText('Team', { exact: true }).locator('visible=true').first().click();
  await openEntry(page, AGENT_NAME);
  await page.getByRole('button', { name: 'Show Editor Options' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: 'Delete Entry' });
  // The CMS's own warning: it takes the agent out of each listing naming them.
  assert.match(await dialog.innerText(), new RegExp(`The references to it in ${listings.length} other entries will be removed as well`));
  const before = await panelText(page);
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  // The CMS is done once it says so and has left the entry for its list (on a loaded machine it
  // did so after the site had been rebuilt, and took the next entry's form away with it).
  await page.getByText('Entry deleted.').first().waitFor({ timeout: DEADLINE_MS });
  await page.waitForURL((url) => !url.hash.includes('/entries/'), { timeout: DEADLINE_MS });

  // The watcher may see the save's files in two rounds: its outcome is the one after the last.
  const gone = join(content, 'team', `${AGENT}.yaml`);
  let cost = await outcome(page, before);
  const told = (text) => text.includes(`since the team member “${AGENT_NAME}” was deleted`) && text.includes(`Team member “${AGENT_NAME}”`);
  while (!told(cost.text)) cost = await outcome(page, cost.text);
  assert.ok(!existsSync(gone) && naming(AGENT).length === 0, 'the save deleted the member and took them out of every listing');
  assert.ok(cost.published, cost.text);
  mkdirSync(join(repo, 'site', 'e2e', 'screenshots'), { recursive: true });
  await screenshot(page, { path: join(repo, 'site', 'e2e', 'screenshots', 'cms-cost.png') });
  const feedAfter = await inTheFeed();
  const dropped = feedBefore.filter((title) => !feedAfter.includes(title));
  assert.ok(dropped.length >= 5, `${feedBefore.length} listings in the feed before, ${feedAfter.length} after`);
  // A warning, not a plain 'Published': amber, and said in the first line.
  assert.equal(await cost.panel.getAttribute('data-cost'), '2', cost.text);
  assert.equal(await cost.panel.evaluate((panel) => getComputedStyle(panel).borderTopColor), 'rgb(138, 90, 0)');
  const n = dropped.length;
  assert.match(
    cost.text,
    new RegExp(`^Published at [^\\n]*: the site shows your latest changes\\. But ${n} listings are no longer sent to the portals and 1 page is no longer on the site: see below\\.`),
  );
  assert.match(cost.text, /What these changes cost \(the site is published with them\)/);
  assert.ok(
    cost.text.includes(`${n} listings are no longer sent to the portals: they have no agent, since the team member “${AGENT_NAME}” was deleted.`),
    cost.text,
  );
  // Each listing by its title (at most twelve, then how many more), and what to do.
  const named = dropped.slice(0, 12);
  for (const title of named) assert.ok(cost.text.includes(`Listing “${title}”`), `${title} in\n${cost.text}`);
  if (n > 12) assert.ok(cost.text.includes(`and ${n - 12} more`), cost.text);
  assert.match(cost.text, /Open each listing, choose another Agent and save/);
  assert.ok(cost.text.includes(`Team member “${AGENT_NAME}”`), cost.text);

  // The next save, of another listing's price, costs nothing: the panel is green again and names
  // none of it, though those listings are still left out (their warnings say so).
  await page.getByText('Listings', { exact: true }).locator('visible=true').first().click();
  await openEntry(page, 'Marina Gate Two-Bedroom with Full Sea View');
  const price = await reveal(page, page.getByRole('textbox', { name: 'Price (AED)' }));
  // Held by the form before the save (a change the CMS's form replaced as it opened is no change).
  await fillIn(price, '2,970,000');
  await settled([join(content, 'properties'), join(content, 'team')]);
  await page.getByRole('button', { name: 'Save' }).click();
  let next = await outcome(page, cost.text);
  while (!/^Published at [^\n]*: the site shows your latest changes\.\n/.test(next.text)) next = await outcome(page, next.text);
  assert.equal(await next.panel.getAttribute('data-cost'), '0', next.text);
  assert.doesNotMatch(next.text, /What these changes cost|no longer sent to the portals/);
  assert.match(next.text, /Left out of the portal feed/);
  assert.deepEqual(errors, []);
  await context.close();
});
