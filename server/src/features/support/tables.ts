import type { Generated } from 'kysely';

/** SPEC §3 "Support inquiry": user, message, date sent, read date, read by. */
export interface SupportInquiriesTable {
  id: Generated<number>;
  user_id: number;
  message: string;
  sent_at: string;
  read_at: string | null;
  read_by: number | null;
}

export interface SupportTables {
  support_inquiries: SupportInquiriesTable;
}
