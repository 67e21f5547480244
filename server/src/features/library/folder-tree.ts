import { DeleteStatus } from '@wiggle/common/enums';

/** Pure walks over a member's folder skeleton (id, parent, status), loaded once per operation. */
export interface FolderNode {
  id: number;
  parent_id: number | null;
  delete_status: number;
  deleted_at: string | null;
}

/** `rootId` and every folder below it that satisfies `keep` (a subtree stops at a folder that does not). */
export function subtreeIds(
  nodes: readonly FolderNode[],
  rootId: number,
  keep: (n: FolderNode) => boolean = () => true,
) {
  const children = new Map<number, FolderNode[]>();
  for (const node of nodes) {
    if (node.parent_id === null) continue;
    const list = children.get(node.parent_id) ?? [];
    list.push(node);
    children.set(node.parent_id, list);
  }
  const result = [rootId];
  for (let i = 0; i < result.length; i++) {
    for (const child of children.get(result[i]!) ?? []) if (keep(child)) result.push(child.id);
  }
  return result;
}

/** True when `targetId` is `folderId` itself or lies inside its subtree (moving there would make a cycle). */
export function wouldCycle(nodes: readonly FolderNode[], folderId: number, targetId: number | null): boolean {
  if (targetId === null) return false;
  return subtreeIds(nodes, folderId).includes(targetId);
}

export const isActive = (node: FolderNode | undefined) => node?.delete_status === DeleteStatus.Active;
