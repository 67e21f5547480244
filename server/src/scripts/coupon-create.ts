import { parseArgs } from 'node:util';
import { couponCreateSchema } from '@wiggle/common/schemas/admin-shop';
import { loadConfig } from '../config';
import { createCouponService } from '../features/shop/coupon-service';
import { createDatabase, migrateToLatest } from '../platform/db/database';
import { runScript } from './run-script';

const usage = `Usage: npm run coupon:create -- --name 'Spring' --package-id 2 [--amount 100] [--codes 1]

Creates an Active coupon granting the package's roll, redeemable --amount times in total (once per member), with
--codes random codes (16 characters, case-insensitive), in the configured database (DATA_DIR / DATABASE_URL).
Prints one code per line. The admin page /admin/coupon/create and POST /api/admin/coupons use the same service.`;

/** A whole number given on the command line (NaN when it is not one, so the schema refuses it). */
const wholeNumber = (text: string | undefined, fallback: number) =>
  text === undefined ? fallback : /^[0-9]+$/.test(text) ? Number(text) : Number.NaN;

const optionOf = (field: PropertyKey | undefined) => (field === 'packageId' ? 'package-id' : String(field));

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      name: { type: 'string' },
      'package-id': { type: 'string' },
      amount: { type: 'string' },
      codes: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  // The same rules as POST /api/admin/coupons (common's schema).
  const parsed = couponCreateSchema.safeParse({
    name: values.name ?? '',
    amount: wholeNumber(values.amount, 100),
    codes: wholeNumber(values.codes, 1),
    packageId: wholeNumber(values['package-id'], 0),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`--${optionOf(issue.path[0])}: ${issue.message}`);
    console.error(`\n${usage}`);
    return 2;
  }
  const { name, amount, codes: numberOfCodes, packageId } = parsed.data;
  const db = createDatabase(loadConfig());
  try {
    await migrateToLatest(db);
    const coupon = await createCouponService(db).createCoupon({ name, amount, numberOfCodes, packageId });
    console.error(`Created coupon ${coupon.id} (${amount} redemptions, package ${packageId}).`);
    for (const code of coupon.codes) console.log(code);
    return 0;
  } finally {
    await db.destroy();
  }
}

runScript(main);
