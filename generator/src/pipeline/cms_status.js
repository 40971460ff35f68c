// The site's status beside the browser editor: reads /cms/status.json (the last build's outcome,
// written by `estate serve` after each rebuild and by each deploy) every two seconds and shows it
// in a panel at the bottom of the screen, opened whenever a new outcome arrives. From a save in the
// CMS until the outcome of a build after it arrives, the panel says the save is being published,
// so an older outcome is never taken for the save's. Every word it shows comes from that file;
// text is set as text, and a link only to a path of this site.
(() => {
  // Under `estate serve`: the CMS keeps its state through a rebuild (no reload of the page).
  window.__estateKeep = true;
  const URL = '/cms/status.json';
  let shown = '';
  // The last outcome shown (for its words), and the time of the last save in the CMS (0: none).
  let last = null;
  let savedAt = 0;
  // The last save's commit on GitHub ({ oid, at }), when the CMS commits there.
  let savedCommit = null;
  // This browser's clock minus the server's, when they differ by more than a second or two.
  let skew = 0;
  // The outcome's details (pages, deploy, problems) are folded away while the whole panel would
  // cover the sign-in screen's buttons (a phone, a site not published), unless the editor chose:
  // `choice` ('more' or 'less', from the panel's button) holds for later outcomes too.
  let choice = null;
  let folded = false;
  const panel = document.createElement('aside');
  panel.id = 'estate-status';
  panel.setAttribute('role', 'status');
  panel.setAttribute('aria-live', 'polite');
  panel.style.cssText =
    'position:fixed;inset-block-end:12px;inset-inline-end:12px;z-index:2147483647;max-inline-size:min(34rem,calc(100vw - 24px));' +
    'max-block-size:60vh;overflow:auto;background:#fff;color:#1b1b1b;border:2px solid #888;border-radius:8px;' +
    'box-shadow:0 4px 16px rgba(0,0,0,.25);font:14px/1.45 system-ui,sans-serif;padding:10px 14px;display:none;unicode-bidi:plaintext';
  const toggle = document.createElement('button');
  toggle.type = 'button';
  toggle.id = 'estate-status-toggle';
  toggle.style.cssText =
    'position:fixed;inset-block-end:12px;inset-inline-end:12px;z-index:2147483646;border-radius:16px;border:1px solid #888;' +
    'background:#fff;padding:4px 12px;font:13px system-ui,sans-serif;cursor:pointer;display:none';
  toggle.addEventListener('click', () => open(true));

  const el = (tag, text, css) => {
    const node = document.createElement(tag);
    if (text) node.textContent = text;
    if (css) node.style.cssText = css;
    return node;
  };
  const list = (title, problems, colour) => {
    const section = el('section');
    section.append(el('h3', title, `font-size:14px;margin:10px 0 4px;color:${colour}`));
    const items = el('ul', '', 'margin:0;padding-inline-start:18px');
    for (const p of problems) {
      const item = el('li', '', 'margin-block-end:4px');
      item.append(el('strong', p.entry));
      if (p.field) item.append(document.createTextNode(' · '), el('em', p.field));
      item.append(document.createTextNode(': ' + p.message));
      if (p.hint) item.append(el('span', p.hint, 'display:block;color:#333'));
      items.append(item);
    }
    section.append(items);
    return section;
  };
  // What the changes cost (listings the portals no longer take, pages gone, photos deleted): a
  // sentence for each, the entries it names, and what to do.
  const costs = (title, lines) => {
    const section = el('section');
    section.id = 'estate-status-cost';
    section.append(el('h3', title, 'font-size:14px;margin:10px 0 4px;color:#8a5a00'));
    for (const line of lines) {
      section.append(el('p', line.message, 'margin:6px 0 2px;font-weight:600'));
      const items = el('ul', '', 'margin:0;padding-inline-start:18px');
      for (const entry of line.entries ?? []) items.append(el('li', entry));
      section.append(items);
      if (line.hint) section.append(el('p', line.hint, 'margin:2px 0 0;color:#333'));
    }
    return section;
  };
  const isSitePath = (url) => typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.includes('\\');

  // What the panel must leave free: the sign-in screen's buttons, or the editor could not sign in.
  const KEEP_FREE = '.container .inner .buttons button';
  const details = el('div');
  details.id = 'estate-status-details';
  // The panel's buttons: Hide, and Show/Hide details.
  const BUTTON = 'border:1px solid #888;border-radius:4px;background:#fff;cursor:pointer;';
  const more = el('button', '', BUTTON + 'margin-block-start:6px');
  more.type = 'button';
  more.setAttribute('aria-controls', details.id);
  more.addEventListener('click', () => {
    choice = folded ? 'more' : 'less';
    fold(choice === 'less');
  });
  function fold(yes) {
    folded = yes;
    details.hidden = yes;
    more.setAttribute('aria-expanded', String(!yes));
    if (last?.words) more.textContent = yes ? last.words.details : last.words.less;
  }
  const covers = (node) => {
    const [a, b] = [panel.getBoundingClientRect(), node.getBoundingClientRect()];
    return b.width && b.height && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  };

  function open(yes) {
    panel.style.display = yes ? 'block' : 'none';
    toggle.style.display = yes ? 'none' : 'block';
    place();
  }

  // Above what the CMS keeps at the bottom of the screen where the panel is: its bar of icons (on
  // a phone), its button for a new entry, and its notes ('Entry saved.', shown in the top layer,
  // which nothing can cover), so that neither hides the other.
  const BELOW = '.sui.bottom-navigation:not([inert]):not([hidden]), .floating-action-button-wrapper, .sui.toast-base .toast:not([aria-hidden=true])';
  const ABOVE = '.sui.toolbar.primary';
  function place() {
    let bottom = 12;
    const shownBox = (panel.style.display === 'none' ? toggle : panel).getBoundingClientRect();
    for (const node of document.querySelectorAll(BELOW)) {
      const box = node.getBoundingClientRect();
      const low = box.height && box.top > innerHeight / 2 && box.top < innerHeight;
      if (low && box.left < shownBox.right && box.right > shownBox.left) bottom = Math.max(bottom, innerHeight - box.top + 8);
    }
    // And below the CMS's toolbar at the top where the panel is: its buttons for a new entry (on a
    // wider screen, at the top right), Save and Delete stay free whatever the outcome's length.
    let top = 72;
    for (const node of document.querySelectorAll(ABOVE)) {
      const box = node.getBoundingClientRect();
      const high = box.height && box.bottom > 0 && box.bottom < innerHeight / 2;
      if (high && box.left < shownBox.right && box.right > shownBox.left) top = Math.max(top, box.bottom + 8);
    }
    for (const node of [panel, toggle]) node.style.insetBlockEnd = `${bottom}px`;
    panel.style.maxBlockSize = `calc(100vh - ${bottom + top}px)`;
    if (choice || panel.style.display === 'none' || !panel.contains(details) || !details.childElementCount) return;
    const free = [...document.querySelectorAll(KEEP_FREE)];
    // Unfolded to measure, folded again while it covers a button; unfolded once the buttons go.
    if (folded) fold(false);
    if (free.some(covers)) fold(true);
  }
  let placing = 0;
  const placeSoon = () => {
    if (!placing) placing = requestAnimationFrame(() => { placing = 0; place(); });
  };

  // From the time of a save until its outcome: the save, named by its time, being published.
  function publishing() {
    if (!last?.words?.publishing) return;
    const time = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Dubai', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(savedAt);
    panel.replaceChildren();
    panel.style.borderColor = '#555';
    panel.dataset.published = 'publishing';
    const head = el('div', '', 'display:flex;gap:12px;align-items:flex-start;justify-content:space-between');
    head.append(el('p', last.words.publishing.replace('{time}', time), 'margin:0;font-weight:600;color:#1b1b1b'));
    head.append(hideButton(last.words.hide));
    panel.append(head);
    // A deploy that fails publishes no outcome: its badge is the one sign of it while waiting.
    const deploy = deployBadge(last, last.words.deploying);
    if (deploy) panel.append(deploy);
    toggle.style.borderColor = '#555';
    open(true);
  }

  // Netlify's badge of the latest deploy: the one way a failed deploy (which publishes nothing)
  // shows here. Only that address is loaded.
  const BADGES = 'https://api.netlify.com/api/v1/badges/';
  function deployBadge(status, words) {
    if (typeof status.deploy_badge !== 'string' || !status.deploy_badge.startsWith(BADGES) || !words) return null;
    const deploy = el('p', words + ' ', 'margin:6px 0 0');
    const badge = el('img');
    badge.src = `${status.deploy_badge}?t=${Date.now()}`;
    badge.alt = '';
    badge.style.verticalAlign = 'middle';
    deploy.append(badge);
    return deploy;
  }

  // While a save waits for its outcome: the deploy's badge looked at again every 20 s, and after
  // five minutes (a deploy takes one to three) a line saying what a failed deploy means.
  const SLOW = 5 * 60_000;
  let badgeAt = 0;
  function stillPublishing() {
    if (panel.dataset.published !== 'publishing' || !savedAt) return;
    const now = Date.now();
    const badge = panel.querySelector('img');
    if (badge && now - Math.max(badgeAt, savedAt) >= 20_000) {
      badgeAt = now;
      badge.src = `${last.deploy_badge}?t=${now}`;
    }
    const words = badge ? last.words.slow : last.words.stalled;
    if (now - savedAt >= SLOW && words && !panel.querySelector('[data-slow]')) {
      const slow = el('p', words.replace('{minutes}', String(Math.floor((now - savedAt) / 60_000))), 'margin:6px 0 0;color:#8a5a00');
      slow.dataset.slow = '';
      panel.append(slow);
    }
  }

  function hideButton(words) {
    const hide = el('button', words, BUTTON + 'flex:none');
    hide.type = 'button';
    hide.addEventListener('click', () => open(false));
    return hide;
  }

  function render(status) {
    panel.replaceChildren();
    // Published with entries held back, or at a cost (listings the portals no longer take, pages
    // gone): amber, as they still need their editor.
    const colour = !status.published ? '#b42318' : status.held?.length || status.cost?.length ? '#8a5a00' : '#1a7f37';
    panel.style.borderColor = colour;
    panel.dataset.published = String(Boolean(status.published));
    panel.dataset.cost = String(status.cost?.length ?? 0);
    const head = el('div', '', 'display:flex;gap:12px;align-items:flex-start;justify-content:space-between');
    head.append(el('p', status.headline, `margin:0;font-weight:600;color:${colour}`));
    head.append(hideButton(status.words.hide));
    panel.append(head, more);
    details.replaceChildren();
    if (status.cost?.length) details.append(costs(status.words.cost, status.cost));
    const pages = el('ul', '', 'margin:6px 0 0;padding-inline-start:18px');
    for (const page of status.pages ?? []) {
      const item = el('li', page.title + (isSitePath(page.url) ? ': ' : ''));
      if (isSitePath(page.url)) {
        const link = el('a', status.words.view);
        link.href = page.url;
        link.target = '_blank';
        link.rel = 'noopener';
        item.append(link);
      }
      // A listing's quality as the portals grade it, and what to add first.
      if (page.quality) {
        item.append(el('div', status.words.quality.replace('{score}', String(page.quality.score)), 'margin-top:2px'));
        if (page.quality.suggestions.length) {
          const list = el('ul', '', 'margin:2px 0 0;padding-inline-start:18px');
          for (const suggestion of page.quality.suggestions) list.append(el('li', suggestion));
          item.append(list);
        }
      }
      pages.append(item);
    }
    if (pages.childElementCount) details.append(pages);
    const deploy = deployBadge(status, status.words.deploy);
    if (deploy) details.append(deploy);
    if (status.errors?.length) details.append(list(status.words.errors, status.errors, '#b42318'));
    if (status.held?.length) details.append(list(status.words.held, status.held, '#b42318'));
    if (status.warnings?.length) details.append(list(status.words.warnings, status.warnings, '#8a5a00'));
    panel.append(details);
    more.hidden = !details.childElementCount;
    fold(choice === 'less');
    toggle.textContent = status.words.show;
    toggle.style.borderColor = colour;
  }

  // Whether `status` is the outcome of the last save (or of a later one, which holds it): on a
  // deploy, of the save's commit or a later commit (by GitHub's own times); else a build that
  // began reading the content after the save.
  function ofTheSave(status) {
    const contentAt = Date.parse(status.content_at ?? status.at);
    if (savedCommit && status.commit) return status.commit === savedCommit.oid || contentAt >= savedCommit.at;
    return contentAt >= savedAt - skew;
  }

  async function refresh() {
    try {
      const response = await fetch(URL, { cache: 'no-store' });
      if (!response.ok) return;
      // This browser's clock against the server's (its Date header, to the second): only a
      // difference of more than that is one.
      const server = Date.parse(response.headers.get('date') ?? '');
      if (server) skew = Math.abs(Date.now() - server) > 2000 ? Date.now() - server : 0;
      const text = await response.text();
      if (text === shown) return;
      const status = JSON.parse(text);
      // An outcome that is not of the last save (a build that began before it, a deploy of an
      // earlier commit) is not shown: the panel keeps saying the save is being published.
      if (savedAt && !ofTheSave(status)) {
        last = status;
        return;
      }
      const first = shown === '';
      shown = text;
      last = status;
      render(status);
      // A new outcome opens the panel; the one found on opening the CMS waits behind the button,
      // unless the site is not published or an entry is held back.
      open(!first || !status.published || Boolean(status.held?.length));
    } catch {
      // Offline or between builds: the next round tries again.
    }
  }

  const start = () => {
    document.body.append(panel, toggle);
    refresh();
    setInterval(() => {
      refresh();
      stillPublishing();
      // A move of the CMS's notes that fired no event (one sliding out as another comes) is caught here.
      placeSoon();
    }, 2000);
    window.addEventListener('estate:rebuilt', refresh);
    // Changes inside the panel (its folding) are its own doing, not the CMS's: not a reason to move.
    const own = (record) => panel.contains(record.target) || record.target === toggle;
    new MutationObserver((records) => records.every(own) || placeSoon()).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-hidden', 'hidden', 'inert'] });
    window.addEventListener('resize', placeSoon);
    // The CMS's button and notes slide in: placed again once they stop, not only when they appear.
    document.addEventListener('transitionend', placeSoon, true);
    document.addEventListener('animationend', placeSoon, true);
  };
  // A save, as the CMS writes it: a file written in the local folder, or a commit to GitHub. (The
  // CMS's own save event needs a library it loads from the internet.)
  const saved = () => {
    savedAt = Date.now();
    savedCommit = null;
    publishing();
  };
  const close = globalThis.FileSystemWritableFileStream?.prototype.close;
  if (close) {
    FileSystemWritableFileStream.prototype.close = async function (...args) {
      const result = await close.apply(this, args);
      saved();
      return result;
    };
  }
  const fetchFirst = window.fetch;
  window.fetch = async function (input, init) {
    const response = await fetchFirst.call(this, input, init);
    if (response.ok && typeof init?.body === 'string' && init.body.includes('createCommitOnBranch')) {
      saved();
      // The commit the save made, and its time by GitHub's clock, as the deploy's outcome names it.
      response.clone().json().then((json) => {
        const commit = json?.data?.createCommitOnBranch?.commit;
        const at = Date.parse(commit?.committedDate ?? '');
        if (typeof commit?.oid === 'string' && at) savedCommit = { oid: commit.oid, at };
      }, () => {});
    }
    return response;
  };
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start);
})();
