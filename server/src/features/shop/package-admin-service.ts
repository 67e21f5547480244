import { CURRENCY } from '@wiggle/common/constants';
import { Messages } from '@wiggle/common/messages';
import {
  type AdminPackage,
  discountedCents,
  type packageInputSchema,
} from '@wiggle/common/schemas/admin-shop';
import { discountPercent } from '@wiggle/common/schemas/shop';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { isoNow } from '../../platform/db/columns';
import type { Database } from '../../platform/db/schema';
import { BadRequest, NotFound } from '../../platform/errors';
import { toMajor } from './mappers';
import { createPackageAdminStore, type PackageValues } from './package-admin-store';
import type { PackageRow } from './store';

type PackageInput = z.output<typeof packageInputSchema>;

export function toAdminPackage(row: PackageRow): AdminPackage {
  return {
    id: row.id,
    position: row.position,
    name: row.name,
    description: row.description,
    credits: row.credits,
    maxResolution: row.max_resolution,
    currentPrice: toMajor(row.current_price),
    fullPrice: toMajor(row.full_price),
    discountPercent: discountPercent(row.current_price, row.full_price),
    currency: row.currency,
    validityDays: row.validity_days,
    isPublic: row.is_public === 1,
    isActive: row.is_active === 1,
    created: row.created_at,
  };
}

/** The stored values of an admin's input: the current price follows from the full price and the capped discount. */
function valuesOf(input: PackageInput): PackageValues {
  const fullCents = Math.round(input.price * 100);
  return {
    name: input.name,
    description: input.description,
    credits: input.credits,
    max_resolution: input.maxResolution,
    full_price: fullCents,
    current_price: discountedCents(fullCents, input.discountPercent),
    validity_days: input.validityDays,
    is_public: input.isPublic ? 1 : 0,
    is_active: input.isActive ? 1 : 0,
  };
}

/** The shop's packages as the admin runs them: all of them, created, edited, reordered, shown or hidden. */
export function createPackageAdminService(db: Kysely<Database>) {
  const store = createPackageAdminStore(db);
  const load = async (id: number) => {
    const row = await store.find(id);
    if (!row) throw new NotFound();
    return toAdminPackage(row);
  };
  return {
    async list(): Promise<AdminPackage[]> {
      return (await store.listAll()).map(toAdminPackage);
    },
    get: load,
    async create(input: PackageInput): Promise<AdminPackage> {
      return load(await store.insert(valuesOf(input), CURRENCY, isoNow()));
    },
    async update(id: number, input: PackageInput): Promise<AdminPackage> {
      if (!(await store.update(id, valuesOf(input)))) throw new NotFound();
      return load(id);
    },
    async reorder(ids: number[]): Promise<AdminPackage[]> {
      if (!(await store.reorder(ids)))
        throw new BadRequest(Messages.packageOrder, { ids: Messages.packageOrder }, 'package_order');
      return (await store.listAll()).map(toAdminPackage);
    },
  };
}
