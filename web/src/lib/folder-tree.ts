/** What a tree row needs: library folders and gallery albums both have it. */
export interface TreeItem {
  id: number;
  parentId: number | null;
  name: string;
}

export interface FolderNode<Folder extends TreeItem = TreeItem> {
  folder: Folder;
  children: FolderNode<Folder>[];
  depth: number;
}

const byName = (a: FolderNode, b: FolderNode) =>
  a.folder.name.localeCompare(b.folder.name, undefined, { numeric: true, sensitivity: 'base' }) ||
  a.folder.id - b.folder.id;

/**
 * Builds the tree from the server's flat list. A folder whose parent is missing from the list (trashed
 * in between two loads) is shown at the root rather than lost.
 */
export function buildFolderTree<Folder extends TreeItem>(folders: readonly Folder[]): FolderNode<Folder>[] {
  const nodes = new Map<number, FolderNode<Folder>>();
  for (const folder of folders) nodes.set(folder.id, { folder, children: [], depth: 0 });
  const roots: FolderNode<Folder>[] = [];
  for (const node of nodes.values()) {
    const parent = node.folder.parentId === null ? undefined : nodes.get(node.folder.parentId);
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  const visit = (list: FolderNode<Folder>[], depth: number, seen: Set<number>) => {
    list.sort(byName);
    for (const node of list) {
      if (seen.has(node.folder.id)) continue;
      seen.add(node.folder.id);
      node.depth = depth;
      visit(node.children, depth + 1, seen);
    }
  };
  visit(roots, 0, new Set());
  return roots;
}

/** The rows a tree shows: roots and, below each opened folder, its children. */
export function visibleFolderRows<Folder extends TreeItem>(
  roots: readonly FolderNode<Folder>[],
  opened: ReadonlySet<number>,
): FolderNode<Folder>[] {
  const rows: FolderNode<Folder>[] = [];
  const walk = (list: readonly FolderNode<Folder>[]) => {
    for (const node of list) {
      rows.push(node);
      if (opened.has(node.folder.id)) walk(node.children);
    }
  };
  walk(roots);
  return rows;
}

/** Ids of a folder and everything below it: the places a folder cannot be moved into. */
export function subtreeIds(folders: readonly TreeItem[], rootId: number): Set<number> {
  const children = new Map<number, number[]>();
  for (const f of folders) {
    if (f.parentId === null) continue;
    children.set(f.parentId, [...(children.get(f.parentId) ?? []), f.id]);
  }
  const ids = new Set<number>([rootId]);
  const stack = [rootId];
  while (stack.length) {
    for (const child of children.get(stack.pop()!) ?? []) {
      if (!ids.has(child)) {
        ids.add(child);
        stack.push(child);
      }
    }
  }
  return ids;
}

/** Ids from the root down to `folderId` (its ancestors first), for a breadcrumb and to open the way to it. */
export function folderPath<Folder extends TreeItem>(
  folders: readonly Folder[],
  folderId: number | null,
): Folder[] {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const path: Folder[] = [];
  let current = folderId === null ? undefined : byId.get(folderId);
  while (current && !path.includes(current)) {
    path.unshift(current);
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
  return path;
}
