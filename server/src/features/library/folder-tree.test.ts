import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, likeContains } from '../../platform/db/keyset-cursor';
import { type FolderNode, subtreeIds, wouldCycle } from './folder-tree';

const node = (id: number, parent_id: number | null, delete_status = 0): FolderNode => ({
  id,
  parent_id,
  delete_status,
  deleted_at: null,
});

describe('folder tree walks', () => {
  const nodes = [node(1, null), node(2, 1), node(3, 2), node(4, 1, 1), node(5, 4), node(6, null)];

  it('collects a subtree, stopping at folders the filter refuses', () => {
    expect(subtreeIds(nodes, 1).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(subtreeIds(nodes, 1, (n) => n.delete_status === 0).sort()).toEqual([1, 2, 3]);
    expect(subtreeIds(nodes, 6)).toEqual([6]);
  });

  it('detects moves into the folder itself or below it', () => {
    expect(wouldCycle(nodes, 1, 1)).toBe(true);
    expect(wouldCycle(nodes, 1, 3)).toBe(true);
    expect(wouldCycle(nodes, 2, 1)).toBe(false);
    expect(wouldCycle(nodes, 1, 6)).toBe(false);
    expect(wouldCycle(nodes, 1, null)).toBe(false);
  });
});

describe('keyset cursor', () => {
  it('round-trips values and refuses forgeries', () => {
    expect(decodeCursor(encodeCursor({ value: 'IMG 1', id: 7 }))).toEqual({ value: 'IMG 1', id: 7 });
    expect(decodeCursor(encodeCursor({ value: 1200, id: 9 }))).toEqual({ value: 1200, id: 9 });
    expect(decodeCursor(undefined)).toBeNull();
    expect(() => decodeCursor('not-base64-json')).toThrow('Invalid cursor.');
    expect(() => decodeCursor(Buffer.from('[{"a":1},2]').toString('base64url'))).toThrow('Invalid cursor.');
  });

  it('escapes LIKE wildcards', () => {
    expect(likeContains('50%_A\\')).toBe('%50\\%\\_a\\\\%');
  });
});
