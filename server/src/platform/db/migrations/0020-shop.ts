import { type Kysely, sql } from 'kysely';
import { addIdColumn, dialectOf } from '../columns';

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped database of their moment
type AnyDb = Kysely<any>;

/** The packages a first start offers (prices in cents; the full price is struck through, at most 40 % off). */
const SEEDED_PACKAGES = [
  ['Taster', 'Ten frames for small exports and previews.', 10, 800, 290, 290],
  ['Starter', 'Ten frames at a size for sharing.', 10, 1280, 490, 690],
  ['Standard', 'Thirty frames at full HD.', 30, 1920, 1290, 1790],
  ['Pro', 'Fifty frames at 2560 px.', 50, 2560, 2490, 3490],
  ['Studio', 'A hundred frames at the largest size, 4096 px.', 100, 4096, 5900, 8900],
] as const;

export async function up(db: AnyDb): Promise<void> {
  const dialect = dialectOf(db);

  await addIdColumn(db.schema.createTable('packages'), dialect)
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('credits', 'integer', (c) => c.notNull().check(sql`credits > 0`))
    .addColumn('max_resolution', 'integer', (c) => c.notNull())
    .addColumn('current_price', 'integer', (c) => c.notNull().check(sql`current_price >= 0`))
    .addColumn('full_price', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('validity_days', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await addIdColumn(db.schema.createTable('purchases'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('package_id', 'integer', (c) => c.references('packages.id').onDelete('set null'))
    .addColumn('package_name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('credit_status', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('credits', 'integer', (c) => c.notNull())
    // The last line of defence against overspending: no statement can take a roll below zero.
    .addColumn('credits_left', 'integer', (c) => c.notNull().check(sql`credits_left >= 0`))
    .addColumn('max_resolution', 'integer', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('validity_days', 'integer')
    .addColumn('init_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('coupon_id', 'integer')
    .addColumn('callback_key', 'text')
    .addColumn('saferpay_token', 'text')
    .addColumn('saferpay_transaction_id', 'text')
    .addColumn('failure_name', 'text')
    .addColumn('failure_behavior', 'text')
    .execute();
  await db.schema
    .createIndex('purchases_spendable')
    .on('purchases')
    .columns(['user_id', 'credit_status', 'max_resolution'])
    .execute();
  await db.schema
    .createIndex('purchases_user_init')
    .on('purchases')
    .columns(['user_id', 'init_at'])
    .execute();
  // The welcome gift is granted once per member, whatever races the verification.
  await sql`CREATE UNIQUE INDEX purchases_one_welcome_gift ON purchases (user_id) WHERE type = 'WelcomeGift'`.execute(
    db,
  );

  await addIdColumn(db.schema.createTable('credit_ledger'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purchase_id', 'integer', (c) => c.notNull().references('purchases.id').onDelete('cascade'))
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('entity_type', 'text')
    .addColumn('entity_id', 'integer')
    .addColumn('refund_of', 'integer', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('credit_ledger_user')
    .on('credit_ledger')
    .columns(['user_id', 'reason'])
    .execute();
  await db.schema.createIndex('credit_ledger_purchase').on('credit_ledger').column('purchase_id').execute();

  await addIdColumn(db.schema.createTable('coupons'), dialect)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('amount_left', 'integer', (c) => c.notNull().check(sql`amount_left >= 0`))
    .addColumn('package_id', 'integer', (c) => c.notNull().references('packages.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await addIdColumn(db.schema.createTable('coupon_codes'), dialect)
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .execute();
  await addIdColumn(db.schema.createTable('coupon_redemptions'), dialect)
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_id', 'integer', (c) => c.notNull().references('coupon_codes.id').onDelete('cascade'))
    .addColumn('purchase_id', 'integer', (c) => c.notNull().references('purchases.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('coupon_redemptions_once', ['coupon_id', 'user_id'])
    .execute();

  const now = new Date().toISOString();
  await db
    .insertInto('packages')
    .values(
      SEEDED_PACKAGES.map(([name, description, credits, maxResolution, current, full], index) => ({
        position: index + 1,
        name,
        description,
        credits,
        max_resolution: maxResolution,
        current_price: current,
        full_price: full,
        currency: 'USD',
        is_public: 1,
        is_active: 1,
        validity_days: null,
        created_at: now,
      })),
    )
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'coupon_redemptions',
    'coupon_codes',
    'coupons',
    'credit_ledger',
    'purchases',
    'packages',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
