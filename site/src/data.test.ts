import { afterEach, describe, expect, test } from 'vitest';
import { getJson, observeReads, setDataSource } from './data';

afterEach(() => setDataSource(async () => ({})));

describe('getJson', () => {
  test('asks the source once per path and shares the answer', async () => {
    const asked: string[] = [];
    setDataSource(async (path) => {
      asked.push(path);
      return { path };
    });
    const [a, b] = await Promise.all([getJson('/data/site.json'), getJson('/data/site.json')]);
    expect(a).toEqual({ path: '/data/site.json' });
    expect(b).toBe(a);
    await getJson('/data/team.json');
    expect(asked).toEqual(['/data/site.json', '/data/team.json']);
  });

  test('a failed load is not remembered, so the next call tries again; a missing file is', async () => {
    let calls = 0;
    setDataSource(async (path) => {
      calls += 1;
      if (path.includes('missing')) throw new Response('Not Found', { status: 404 });
      if (calls === 1) throw new Response('Internal Server Error', { status: 500 });
      return { ok: true };
    });
    await expect(getJson('/api/blogs/x.json')).rejects.toBeInstanceOf(Response);
    await expect(getJson('/api/blogs/x.json')).resolves.toEqual({ ok: true });
    expect(calls).toBe(2);
    await expect(getJson('/api/blogs/missing.json')).rejects.toMatchObject({ status: 404 });
    await expect(getJson('/api/blogs/missing.json')).rejects.toMatchObject({ status: 404 });
    expect(calls).toBe(3);
  });

  test('with a limit, the files read last are kept: a file read again stays, the oldest leaves', async () => {
    const asked: string[] = [];
    setDataSource(async (path) => {
      asked.push(path);
      return { path };
    }, 2);
    await getJson('/data/site.json');
    await getJson('/api/properties/a.json');
    await getJson('/data/site.json');
    await getJson('/api/properties/b.json');
    await getJson('/data/site.json');
    await getJson('/api/properties/a.json');
    expect(asked).toEqual(['/data/site.json', '/api/properties/a.json', '/api/properties/b.json', '/api/properties/a.json']);
  });

  test('every read is observed, also one answered from the cache', async () => {
    setDataSource(async (path) => ({ path }));
    const seen: string[] = [];
    observeReads((path) => seen.push(path));
    try {
      await getJson('/data/site.json');
      await getJson('/data/site.json');
    } finally {
      observeReads(null);
    }
    expect(seen).toEqual(['/data/site.json', '/data/site.json']);
  });
});
