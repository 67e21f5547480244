import type { Folder } from '@wiggle/common/schemas/library';
import { describe, expect, it } from 'vitest';
import { buildFolderTree, folderPath, subtreeIds, visibleFolderRows } from './folder-tree';

const folder = (id: number, parentId: number | null, name: string): Folder => ({
  id,
  parentId,
  name,
  deleteStatus: 0,
  deletedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const flat = [
  folder(1, null, 'Trips'),
  folder(2, 1, 'Alps 2024'),
  folder(3, 1, 'Alps 10'),
  folder(4, null, 'Animals'),
  folder(5, 2, 'Day 1'),
  folder(6, 99, 'Orphan'),
];

describe('buildFolderTree', () => {
  it('nests by parentId, sorts names naturally and sets depths', () => {
    const roots = buildFolderTree(flat);
    expect(roots.map((n) => n.folder.name)).toEqual(['Animals', 'Orphan', 'Trips']);
    const trips = roots[2]!;
    expect(trips.children.map((n) => n.folder.name)).toEqual(['Alps 10', 'Alps 2024']);
    expect(trips.children[1]!.children[0]!.folder.name).toBe('Day 1');
    expect(trips.children[1]!.children[0]!.depth).toBe(2);
  });

  it('shows a folder whose parent is not in the list at the root', () => {
    const roots = buildFolderTree(flat);
    expect(roots.find((n) => n.folder.id === 6)?.depth).toBe(0);
  });

  it('survives a cycle in bad data without looping', () => {
    const roots = buildFolderTree([folder(1, 2, 'a'), folder(2, 1, 'b'), folder(3, null, 'c')]);
    expect(roots.map((n) => n.folder.id)).toEqual([3]);
  });
});

describe('visibleFolderRows', () => {
  it('lists children only below opened folders', () => {
    const roots = buildFolderTree(flat);
    expect(visibleFolderRows(roots, new Set()).map((n) => n.folder.id)).toEqual([4, 6, 1]);
    expect(visibleFolderRows(roots, new Set([1])).map((n) => n.folder.id)).toEqual([4, 6, 1, 3, 2]);
    expect(visibleFolderRows(roots, new Set([1, 2])).map((n) => n.folder.id)).toEqual([4, 6, 1, 3, 2, 5]);
    // An opened folder under a closed parent stays hidden.
    expect(visibleFolderRows(roots, new Set([2])).map((n) => n.folder.id)).toEqual([4, 6, 1]);
  });
});

describe('subtreeIds and folderPath', () => {
  it('collects a folder and all its descendants', () => {
    expect([...subtreeIds(flat, 1)].sort()).toEqual([1, 2, 3, 5]);
    expect([...subtreeIds(flat, 4)]).toEqual([4]);
  });

  it('gives the path from the root', () => {
    expect(folderPath(flat, 5).map((f) => f.name)).toEqual(['Trips', 'Alps 2024', 'Day 1']);
    expect(folderPath(flat, null)).toEqual([]);
  });
});
