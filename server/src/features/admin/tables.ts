import type { Generated } from 'kysely';

/** A request by one admin to block or delete another admin; a different admin confirms it (two admins decide). */
export interface AdminRequestsTable {
  id: Generated<number>;
  target_id: number;
  action: 'block' | 'delete';
  requested_by: number;
  requested_at: string;
  confirmed_by: number | null;
  confirmed_at: string | null;
}

export interface AdminTables {
  admin_requests: AdminRequestsTable;
}
