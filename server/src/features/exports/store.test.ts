import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerMember, type TestApp, testDialects } from '../../test/harness';
import { exportOfOwner, finishExport, insertExport } from './store';

describe.each(testDialects())('export rows on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => t?.close());

  const newExport = (ownerId: number) =>
    insertExport(t.platform.db, {
      owner_id: ownerId,
      wiggle_id: 1,
      album_id: null,
      size: 1280,
      mode: 'original',
      orientation: 'landscape',
      padding: 0,
      ledger_id: 1,
      purchase_id: 1,
      status: 'InProgress',
      error: null,
      gallery_wiggle_id: null,
      created_at: new Date().toISOString(),
    });

  it('reads an export only for its owner', async () => {
    const a = await registerMember(t.app);
    const b = await registerMember(t.app);
    const row = await newExport(a.id);
    expect((await exportOfOwner(t.platform.db, a.id, row.id))?.status).toBe('InProgress');
    expect(await exportOfOwner(t.platform.db, b.id, row.id)).toBeUndefined();
  });

  it('ends an export once: a second end changes nothing', async () => {
    const a = await registerMember(t.app);
    const row = await newExport(a.id);
    expect(await finishExport(t.platform.db, row.id, { status: 'Error', error: 'render failed' })).toBe(true);
    expect(await finishExport(t.platform.db, row.id, { status: 'Success', galleryWiggleId: 7 })).toBe(false);
    const read = await exportOfOwner(t.platform.db, a.id, row.id);
    expect(read).toMatchObject({ status: 'Error', error: 'render failed', gallery_wiggle_id: null });
  });
});
