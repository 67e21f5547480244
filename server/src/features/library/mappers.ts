import type { DeleteStatus, SourceType } from '@wiggle/common/enums';
import type { Folder, Original, Wiggle } from '@wiggle/common/schemas/library';
import type { Selectable } from 'kysely';
import { fromDbBool } from '../../platform/db/columns';
import type { FoldersTable, OriginalsTable, WigglesTable } from './tables';

export type FolderRow = Selectable<FoldersTable>;
export type OriginalRow = Selectable<OriginalsTable>;
export type WiggleRow = Selectable<WigglesTable>;

export function toFolder(row: FolderRow): Folder {
  return {
    id: row.id,
    parentId: row.parent_id,
    name: row.name,
    deleteStatus: row.delete_status as DeleteStatus,
    deletedAt: row.deleted_at,
    createdAt: row.created_at,
  };
}

export function toOriginal(row: OriginalRow): Original {
  return {
    id: row.id,
    folderId: row.folder_id,
    name: row.name,
    width: row.width,
    height: row.height,
    size: Number(row.size),
    format: row.format,
    sourceType: row.source_type as SourceType,
    deleteStatus: row.delete_status as DeleteStatus,
    deletedAt: row.deleted_at,
    uploadedAt: row.uploaded_at,
  };
}

export function toWiggle(row: WiggleRow): Wiggle {
  return {
    id: row.id,
    folderId: row.folder_id,
    name: row.name,
    description: row.description,
    leftOriginalId: row.left_original_id,
    rightOriginalId: row.right_original_id,
    sourceType: row.source_type as SourceType,
    autoAlign: fromDbBool(row.auto_align),
    createStatus: row.create_status as Wiggle['createStatus'],
    autoAlignStatus: row.auto_align_status as Wiggle['autoAlignStatus'],
    iStatus: row.i_status as Wiggle['iStatus'],
    errorMessage: row.error_message,
    width: row.width,
    height: row.height,
    rating: row.rating,
    viewCount: row.view_count,
    deleteStatus: row.delete_status as DeleteStatus,
    deletedAt: row.deleted_at,
    createdAt: row.created_at,
    lastModifiedAt: row.last_modified_at,
  };
}
