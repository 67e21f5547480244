import type { Kysely } from 'kysely';

const INDEXES: [name: string, table: string, columns: string[]][] = [
  // The admin purchase list: newest first by id, filtered by one of these (or a member's history).
  ['purchases_type_id', 'purchases', ['type', 'id']],
  ['purchases_status_id', 'purchases', ['status', 'id']],
  ['purchases_credit_status_id', 'purchases', ['credit_status', 'id']],
  ['purchases_user_id_id', 'purchases', ['user_id', 'id']],
  // Its sorts other than by id (age).
  ['purchases_price_id', 'purchases', ['price', 'id']],
  ['purchases_credits_left_id', 'purchases', ['credits_left', 'id']],
  // Coupons by status; a coupon's codes in id order; who redeemed a code.
  ['coupons_status_id', 'coupons', ['status', 'id']],
  ['coupons_name_id', 'coupons', ['name', 'id']],
  ['coupons_amount_left_id', 'coupons', ['amount_left', 'id']],
  ['coupon_codes_coupon_id', 'coupon_codes', ['coupon_id', 'id']],
  ['coupon_redemptions_code_id', 'coupon_redemptions', ['code_id', 'id']],
];

// biome-ignore lint/suspicious/noExplicitAny: a migration works on the database as it was at its time
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns] of INDEXES)
    await db.schema.createIndex(name).on(table).columns(columns).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
