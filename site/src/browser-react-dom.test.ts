// @vitest-environment jsdom
// Preact made to behave as React DOM where the pages rely on it (browser-react-dom.ts), rendered
// with Preact itself: the other component tests render with React.
import { afterEach, expect, test } from 'vitest';
import { createElement as h, render, useState, Component } from 'preact/compat';
import type { ComponentChild } from 'preact';
import { behaveAsReactDom } from './browser-react-dom';

behaveAsReactDom();

const settled = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let root: HTMLElement;
afterEach(() => {
  render(null, root);
  root.remove();
});
function mount(vnode: ComponentChild): HTMLElement {
  root = document.createElement('div');
  document.body.append(root);
  render(vnode, root);
  return root;
}

/** A field that takes at most `max` characters, upper-cased: a longer edit is refused. */
function Limited({ max }: { max: number }) {
  const [value, setValue] = useState('AB');
  return h('input', {
    value,
    onChange: (event: Event) => {
      const typed = (event.target as HTMLInputElement).value;
      if (typed.length <= max) setValue(typed.toUpperCase());
    },
  });
}

function type(input: HTMLInputElement, text: string) {
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

test('a controlled field whose handler refuses an edit is put back to its value', async () => {
  const input = mount(h(Limited, { max: 2 })).querySelector('input')!;
  type(input, 'ABC');
  await settled();
  expect(input.value).toBe('AB');
});

test('an edit the handler takes shows as the state has it', async () => {
  const input = mount(h(Limited, { max: 3 })).querySelector('input')!;
  type(input, 'ABc');
  await settled();
  expect(input.value).toBe('ABC');
});

test('a blur fired while Preact renders reaches no handler; one after it does', async () => {
  const blurs: string[] = [];
  // Blurs whatever has focus as it renders, as Chromium does removing a focused field.
  class Blurring extends Component<{ on: boolean }> {
    render() {
      if (this.props.on) (document.activeElement as HTMLElement | null)?.blur();
      return null;
    }
  }
  const page = (on: boolean) =>
    h('div', null, h('input', { onBlur: () => blurs.push('blur') }), h(Blurring, { on }));
  const input = mount(page(false)).querySelector('input')!;
  input.focus();
  render(page(true), root);
  expect(blurs).toEqual([]);
  await settled();
  input.focus();
  input.blur();
  expect(blurs).toEqual(['blur']);
});
