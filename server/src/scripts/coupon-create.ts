import { parseArgs } from 'node:util';
import { TEXT_MAX_LENGTH } from '@wiggle/common/constants';
import { loadConfig } from '../config';
import { createCouponService } from '../features/shop/coupon-service';
import { createDatabase, migrateToLatest } from '../platform/db/database';
import { runScript } from './run-script';

const usage = `Usage: npm run coupon:create -- --name 'Spring' --package-id 2 [--amount 100] [--codes 1]

Creates an Active coupon granting the package's roll, redeemable --amount times in total (once per member), with
--codes random codes (16 characters, case-insensitive), in the configured database (DATA_DIR / DATABASE_URL).
Prints one code per line. The admin page /admin/coupon/create and POST /api/admin/coupons use the same service.`;

const positive = (text: string | undefined, fallback: number) => {
  const value = text === undefined ? fallback : Number(text);
  return Number.isInteger(value) && value > 0 && value <= 100_000 ? value : undefined;
};

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
  const name = values.name?.normalize('NFC').trim() ?? '';
  const packageId = positive(values['package-id'], 0);
  const amount = positive(values.amount, 100);
  const numberOfCodes = positive(values.codes, 1);
  if (!name || name.length > TEXT_MAX_LENGTH || !packageId || !amount || !numberOfCodes) {
    console.error(`A name, a package id and positive whole numbers are required.\n\n${usage}`);
    return 2;
  }
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
