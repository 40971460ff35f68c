// The shortlist's and compare's store (what a link or the browser's storage may hold, the fifth
// listing to compare refused) and the compare page's best values.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bestOf } from './best';

class MemoryStorage {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('the store', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    vi.resetModules();
    storage = new MemoryStorage();
    vi.stubGlobal('localStorage', storage);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('saves newest first, toggles off, and keeps the list in storage', async () => {
    const store = await import('./store');
    store.toggleSaved('a');
    store.toggleSaved('b');
    expect(store.savedIds()).toEqual(['b', 'a']);
    expect(JSON.parse(storage.getItem(store.STORAGE_KEY)!)).toEqual(['b', 'a']);
    store.toggleSaved('a');
    expect(store.savedIds()).toEqual(['b']);
    store.saveAll(['c', 'b']);
    expect(store.savedIds()).toEqual(['c', 'b']);
    store.clearSaved();
    expect(store.savedIds()).toEqual([]);
  });

  it('reads only slugs, once each, at most 50, from storage or a link; junk reads as none', async () => {
    storage.setItem('estate.shortlist', JSON.stringify(['ok-1', '../etc/passwd', 'ok-1', 7, 'x y', 'ok-2']));
    const store = await import('./store');
    expect(store.savedIds()).toEqual(['ok-1', 'ok-2']);
    expect(store.cleanIds(Array.from({ length: 80 }, (_, i) => `id-${i}`))).toHaveLength(50);
    expect(store.cleanIds('a,b')).toEqual([]);
    vi.resetModules();
    storage.setItem('estate.shortlist', '{not json');
    expect((await import('./store')).savedIds()).toEqual([]);
  });

  it('chooses up to four to compare, in the order chosen, under a key of its own; a fifth is refused until one goes', async () => {
    const store = await import('./store');
    store.toggleSaved('saved');
    for (const id of ['a', 'b', 'c', 'd']) expect(store.toggleCompared(id)).toBe(true);
    expect(store.comparedIds()).toEqual(['a', 'b', 'c', 'd']);
    expect(JSON.parse(storage.getItem('estate.compare')!)).toEqual(['a', 'b', 'c', 'd']);
    expect(store.savedIds(), 'the shortlist is another list').toEqual(['saved']);
    expect(store.toggleCompared('e')).toBe(false);
    expect(store.comparedIds()).toEqual(['a', 'b', 'c', 'd']);
    // Letting one go makes room, in the order chosen.
    expect(store.toggleCompared('b')).toBe(true);
    expect(store.toggleCompared('e')).toBe(true);
    expect(store.comparedIds()).toEqual(['a', 'c', 'd', 'e']);
    store.clearCompared();
    expect(store.comparedIds()).toEqual([]);
    expect(store.savedIds()).toEqual(['saved']);
  });

  it('reads at most four to compare from storage, slugs only', async () => {
    storage.setItem('estate.compare', JSON.stringify(['a', '../b', 'c', 'd', 'e', 'f']));
    const store = await import('./store');
    expect(store.comparedIds()).toEqual(['a', 'c', 'd', 'e']);
  });
});

describe('bestOf', () => {
  it('names the lowest or highest of two or more known values, and none on a tie or alone', () => {
    expect(bestOf([2000, 1500, null, 1800], 'lowest')).toBe(1);
    expect(bestOf([900, 1500, 1200], 'highest')).toBe(1);
    expect(bestOf([1500, 1500, 1800], 'lowest')).toBe(null);
    expect(bestOf([null, 1500], 'lowest')).toBe(null);
  });
});
