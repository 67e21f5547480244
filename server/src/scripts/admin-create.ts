import { parseArgs } from 'node:util';
import { PASSWORD_MIN_LENGTH } from '@wiggle/common/constants';
import { passwordField } from '@wiggle/common/schemas/account';
import { emailField } from '@wiggle/common/schemas/auth';
import { loadConfig } from '../config';
import { createAdminAccount } from '../features/account/admin-account';
import { createDatabase, migrateToLatest } from '../platform/db/database';
import { runScript } from './run-script';

const usage = `Usage: npm run admin:create -- --email admin@example.com --password 'S3cret!pass' [--name 'Admin']

Creates a verified admin (or makes an existing member one, with the new password) in the configured database
(DATA_DIR / DATABASE_URL) and prints the otpauth:// URI to add to an authenticator app.
The password needs at least ${PASSWORD_MIN_LENGTH} characters and one special character.`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string', default: 'Admin' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const email = emailField.safeParse(values.email ?? '');
  const password = passwordField.safeParse(values.password ?? '');
  if (!email.success || !password.success || !values.name?.trim()) {
    const reasons = [email.error?.issues[0]?.message, password.error?.issues[0]?.message].filter(Boolean);
    console.error(`${reasons.join(' ') || 'A name is required.'}\n\n${usage}`);
    return 2;
  }
  const db = createDatabase(loadConfig());
  try {
    await migrateToLatest(db);
    const admin = await createAdminAccount(db, {
      email: email.data,
      password: password.data,
      name: values.name.trim(),
    });
    console.log(`${admin.created ? 'Created' : 'Updated'} admin ${email.data} (id ${admin.id}).`);
    console.log(`TOTP secret: ${admin.totpSecret}`);
    console.log(`otpauth URI: ${admin.otpauthUri}`);
    console.log('Add the URI (or the secret) to an authenticator app; login asks for its 6-digit code.');
    return 0;
  } finally {
    await db.destroy();
  }
}

runScript(main);
