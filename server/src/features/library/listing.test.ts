import { ORIGINAL_SORTS, SORT_ORDERS, WIGGLE_SORTS } from '@wiggle/common/enums';
import type { OriginalPage, WigglePage } from '@wiggle/common/schemas/library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, type TestApp, type TestMember, testDialects } from '../../test/harness';
import { api, createLibraryTestApp } from '../../test/library/library-test-kit';
import { insertOriginals } from './original-store';

const COUNT = 230;

describe.each(testDialects())('keyset listing on %s', (dialect) => {
  let t: TestApp;
  let owner: TestMember;
  let folderId: number;

  beforeAll(async () => {
    t = await createLibraryTestApp(dialect);
    owner = await registerMember(t.app);
    folderId = (
      await api<{ id: number }>(t.app, owner.token, 'POST', '/api/library/folders', { name: 'Many' })
    ).body.id;
    // Few distinct values per sort column, so most rows tie and only the id keeps the order total.
    await insertOriginals(
      t.platform.db,
      Array.from({ length: COUNT }, (_, i) => {
        const width = 100 * (1 + (i % 5));
        const height = 100 * (1 + (i % 3));
        return {
          owner_id: owner.id,
          folder_id: folderId,
          name: i % 10 === 0 ? `beach 50%_${i % 4}` : `photo ${String(i % 7).padStart(2, '0')}`,
          width,
          height,
          pixels: width * height,
          size: 1000 + i,
          format: 'jpeg',
          source_type: 1,
          blob_o: `x/${i}/o.jpg`,
          blob_p: `x/${i}/p.jpg`,
          blob_t: `x/${i}/t.jpg`,
          deleted_at: null,
          uploaded_at: new Date(Date.UTC(2026, 0, 1 + (i % 4))).toISOString(),
        };
      }),
    );
  });
  afterAll(async () => t?.close());

  const allPages = async (query: string, limit: number) => {
    const seen: OriginalPage['items'] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/library/originals?folderId=${folderId}&limit=${limit}&${query}${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await api<OriginalPage>(t.app, owner.token, 'GET', url);
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(limit);
      seen.push(...page.body.items);
      cursor = page.body.nextCursor;
      pages += 1;
    } while (cursor && pages < 1000);
    return seen;
  };

  it.each(ORIGINAL_SORTS.flatMap((sort) => SORT_ORDERS.map((order) => [sort, order] as const)))(
    'pages by %s %s without duplicates or gaps across ties',
    async (sort, order) => {
      const items = await allPages(`sort=${sort}&order=${order}`, 17);
      expect(items).toHaveLength(COUNT);
      expect(new Set(items.map((o) => o.id)).size).toBe(COUNT);
      const value = (o: OriginalPage['items'][number]) =>
        sort === 'name'
          ? o.name
          : sort === 'date'
            ? o.uploadedAt
            : sort === 'resolution'
              ? o.width * o.height
              : o[sort];
      const sign = order === 'asc' ? 1 : -1;
      const expected = [...items].sort((a, b) => {
        const [va, vb] = [value(a), value(b)];
        if (va !== vb) return (va < vb ? -1 : 1) * sign;
        return (a.id - b.id) * sign;
      });
      expect(items.map((o) => o.id)).toEqual(expected.map((o) => o.id));
    },
  );

  it('searches by name case-insensitively and takes wildcards literally', async () => {
    const found = await allPages(`search=${encodeURIComponent('BEACH 50%_')}`, 50);
    expect(found).toHaveLength(COUNT / 10);
    expect(found.every((o) => o.name.startsWith('beach 50%_'))).toBe(true);
    expect(await allPages(`search=${encodeURIComponent('50x')}`, 50)).toEqual([]);
  });

  it('refuses a cursor continued under another sort or direction (it would skip or repeat rows)', async () => {
    const base = `/api/library/originals?folderId=${folderId}&limit=5`;
    const first = await api<OriginalPage>(t.app, owner.token, 'GET', `${base}&sort=width&order=asc`);
    const cursor = first.body.nextCursor;
    expect(cursor).toEqual(expect.any(String));
    const same = await api(t.app, owner.token, 'GET', `${base}&sort=width&order=asc&cursor=${cursor}`);
    expect(same.status).toBe(200);
    for (const other of ['sort=width&order=desc', 'sort=height&order=asc']) {
      const refused = await api<{ error: { fields?: Record<string, string> } }>(
        t.app,
        owner.token,
        'GET',
        `${base}&${other}&cursor=${cursor}`,
      );
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields).toEqual({ cursor: 'Invalid cursor.' });
    }
  });

  it('refuses a forged cursor and lists wiggles with their sorts', async () => {
    const bad = await api(
      t.app,
      owner.token,
      'GET',
      `/api/library/originals?folderId=${folderId}&cursor=abc`,
    );
    expect(bad.status).toBe(400);
    for (const sort of WIGGLE_SORTS) {
      const page = await api<WigglePage>(
        t.app,
        owner.token,
        'GET',
        `/api/library/wiggles?folderId=${folderId}&sort=${sort}`,
      );
      expect(page.status).toBe(200);
      expect(page.body).toEqual({ items: [], nextCursor: null });
    }
  });
});
