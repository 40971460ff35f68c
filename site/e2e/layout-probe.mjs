// Layout measurements for the layout browser tests.
/**
 * Pairs of visible interactive controls whose boxes overlap by more than 1 px each way
 * (a control inside another, e.g. an icon inside a button, does not count).
 */
export async function overlappingControls(page) {
  return page.evaluate(() => {
    const selector = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button]';
    const visible = [...document.querySelectorAll(selector)].filter((el) => {
      // checkVisibility: also false inside a closed disclosure (content-visibility: hidden).
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return false;
      if (el.closest('[aria-hidden="true"]')) return false;
      const box = el.getBoundingClientRect();
      return box.width > 2 && box.height > 2;
    });
    const describe = (el) =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : ''} "${(el.getAttribute('aria-label') || el.textContent || el.getAttribute('name') || '').trim().slice(0, 30)}"`;
    // Fixed-position controls (the header, the floating chat button) float over the scrolling
    // page on purpose: they are compared with each other only. Each control's box and whether it
    // is fixed are read once (the pairs below are many: reading them per pair made this probe the
    // layout tests' main cost).
    const fixedNodes = new Map();
    const fixed = (node) => {
      if (!node) return false;
      if (!fixedNodes.has(node)) fixedNodes.set(node, getComputedStyle(node).position === 'fixed' || fixed(node.parentElement));
      return fixedNodes.get(node);
    };
    const controls = visible.map((el) => ({ el, box: el.getBoundingClientRect(), fixed: fixed(el) }));
    const found = [];
    for (let i = 0; i < controls.length; i++) {
      for (let j = i + 1; j < controls.length; j++) {
        const a = controls[i];
        const b = controls[j];
        if (a.fixed !== b.fixed) continue;
        const dx = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const dy = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (dx <= 1 || dy <= 1) continue;
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
        found.push(`${describe(a.el)} x ${describe(b.el)}: ${Math.round(dx)}x${Math.round(dy)} px`);
      }
    }
    return found;
  });
}

/**
 * Visible elements that stick out of the viewport sideways (a clipped overflow hides a page's
 * scroll bar but not the cut-off element), outside scrolling strips and visually hidden text.
 */
export async function elementsOutside(page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found = [];
    if (document.documentElement.scrollWidth > width) found.push(`page scrolls sideways: ${document.documentElement.scrollWidth} px`);
    for (const el of document.querySelectorAll('body *')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.right <= width + 1 && box.left >= -1) continue;
      const style = getComputedStyle(el);
      if (!el.checkVisibility({ visibilityProperty: true }) || (style.position === 'absolute' && style.clip !== 'auto')) continue;
      // Inside something that scrolls or clips sideways on purpose (a carousel, a gallery strip).
      let clipped = false;
      for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
        const overflow = getComputedStyle(node).overflowX;
        if (overflow !== 'visible') {
          const clip = node.getBoundingClientRect();
          if (clip.right <= width + 1 && clip.left >= -1) {
            clipped = true;
            break;
          }
        }
      }
      if (clipped || el.closest('[aria-hidden="true"], .visually-hidden')) continue;
      found.push(`${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]} ${Math.round(box.left)}..${Math.round(box.right)}`);
      if (found.length > 5) break;
    }
    return found;
  });
}
