import type { Generated } from 'kysely';

export type ExportStatus = 'InProgress' | 'Success' | 'Error';

/** One export of a library wiggle into the gallery; `ledger_id` is the frame spent for it (refunded on failure). */
export interface ExportsTable {
  id: Generated<number>;
  owner_id: number;
  wiggle_id: number;
  album_id: number | null;
  size: number;
  mode: 'original' | 'enhanced';
  orientation: string;
  padding: number;
  ledger_id: number;
  purchase_id: number;
  status: ExportStatus;
  error: string | null;
  gallery_wiggle_id: number | null;
  created_at: string;
}

export interface ExportTables {
  exports: ExportsTable;
}
