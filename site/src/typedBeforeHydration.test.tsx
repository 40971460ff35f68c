// @vitest-environment jsdom
import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, test } from 'vitest';
import { keepTyped } from './typedBeforeHydration';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Search({ seen }: { seen: string[] }) {
  const [query, setQuery] = useState('');
  const [kind, setKind] = useState('any');
  seen.push(`${query}|${kind}`);
  return (
    <form>
      <input name="query" value={query} onChange={(event) => setQuery(event.target.value)} />
      <select name="kind" value={kind} onChange={(event) => setKind(event.target.value)}>
        <option value="any">Any</option>
        <option value="villa">Villa</option>
      </select>
      <input type="checkbox" name="furnished" />
    </form>
  );
}

test('what was typed and chosen before hydration reaches the components once hydrated', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Search seen={[]} />);
  document.body.append(container);
  // The visitor types and chooses in the served page, before the script comes.
  container.querySelector('input')!.value = 'Creek';
  container.querySelector('select')!.value = 'villa';
  const replay = keepTyped(container);
  const seen: string[] = [];
  await act(async () => {
    hydrateRoot(container, <Search seen={seen} />);
  });
  expect(seen[0]).toBe('|any');
  await act(async () => replay());
  expect(seen.at(-1)).toBe('Creek|villa');
  expect(container.querySelector('input')!.value).toBe('Creek');
  expect(container.querySelector('select')!.value).toBe('villa');
  container.remove();
});

test('a page nobody typed in is left as it is', () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Search seen={[]} />);
  let events = 0;
  container.addEventListener('input', () => (events += 1));
  keepTyped(container)();
  expect(events).toBe(0);
});
