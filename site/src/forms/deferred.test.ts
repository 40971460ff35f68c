// @vitest-environment jsdom
// Home's deferred forms: what a visitor does to one before it has hydrated is held back and done
// once when it has.
import { afterEach, expect, test } from 'vitest';
import './deferred';

afterEach(() => {
  document.body.innerHTML = '';
});

/**
 * `type` dispatched on the element `selector` of `html`, which has a handler for it (as hydration
 * attaches it just before the form is marked hydrated): whether it was held back (its default
 * prevented), and how many times the handler ran.
 */
function dispatch(html: string, selector: string, type: 'click' | 'submit') {
  document.body.innerHTML = html;
  const element = document.querySelector(selector)!;
  let handled = 0;
  element.addEventListener(type, () => (handled += 1));
  const event = type === 'click' ? new MouseEvent(type, { bubbles: true, cancelable: true }) : new Event(type, { bubbles: true, cancelable: true });
  element.dispatchEvent(event);
  return { held: event.defaultPrevented, handled };
}

test('a click held back before the form has hydrated reaches no handler: only its replay will', () => {
  expect(dispatch('<form name="callback"><button type="button">Country code</button></form>', 'button', 'click')).toEqual({ held: true, handled: 0 });
});

test('a submission held back before the form has hydrated reaches no handler', () => {
  expect(dispatch('<form name="newsletter"><input name="email"><button>Subscribe</button></form>', 'form', 'submit')).toEqual({ held: true, handled: 0 });
});

test("another form's clicks pass", () => {
  expect(dispatch('<form name="requirements"><button type="button">Go</button></form>', 'button', 'click')).toEqual({ held: false, handled: 1 });
});
