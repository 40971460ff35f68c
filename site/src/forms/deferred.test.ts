// @vitest-environment jsdom
// Home's deferred forms: what a visitor does to one before it has hydrated is held back and done
// once when it has.
import { afterEach, expect, test } from 'vitest';
import './deferred';

afterEach(() => {
  document.body.innerHTML = '';
});

test('a click held back before the form has hydrated reaches no handler: only its replay will', () => {
  // The call-back form as the server drew it; the button's handler as hydration attaches it just
  // before the form is marked hydrated.
  document.body.innerHTML = '<form name="callback"><button type="button">Country code</button></form>';
  const button = document.querySelector('button')!;
  let clicks = 0;
  button.addEventListener('click', () => (clicks += 1));
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  button.dispatchEvent(event);
  expect(event.defaultPrevented).toBe(true);
  expect(clicks).toBe(0);
});

test('a submission held back before the form has hydrated reaches no handler', () => {
  document.body.innerHTML = '<form name="newsletter"><input name="email"><button>Subscribe</button></form>';
  const form = document.querySelector('form')!;
  let submits = 0;
  form.addEventListener('submit', () => (submits += 1));
  const event = new Event('submit', { bubbles: true, cancelable: true });
  form.dispatchEvent(event);
  expect(event.defaultPrevented).toBe(true);
  expect(submits).toBe(0);
});

test("another form's clicks pass", () => {
  document.body.innerHTML = '<form name="seller"><button type="button">Go</button></form>';
  const button = document.querySelector('button')!;
  let clicks = 0;
  button.addEventListener('click', () => (clicks += 1));
  button.click();
  expect(clicks).toBe(1);
});
