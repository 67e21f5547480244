import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { PackageRow } from './store';
import type { PackagesTable } from './tables';

export type PackageValues = Omit<PackagesTable, 'id' | 'position' | 'created_at' | 'currency'>;

/** Every package (inactive and non-public too), for the admin; the shop's own queries stay in store.ts. */
export function createPackageAdminStore(db: Kysely<Database>) {
  return {
    listAll(): Promise<PackageRow[]> {
      return db.selectFrom('packages').selectAll().orderBy('position').orderBy('id').execute();
    },

    find(id: number): Promise<PackageRow | undefined> {
      return db.selectFrom('packages').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** A new package goes last. */
    async insert(values: PackageValues, currency: string, createdAt: string): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const last = await trx
          .selectFrom('packages')
          .select((eb) => eb.fn.max('position').as('position'))
          .executeTakeFirst();
        const row = await trx
          .insertInto('packages')
          .values({
            ...values,
            position: Number(last?.position ?? 0) + 1,
            currency,
            created_at: createdAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
    },

    async update(id: number, values: PackageValues): Promise<boolean> {
      const result = await db.updateTable('packages').set(values).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Positions 1..n in the given order, all or nothing; false when `ids` is not exactly every package. */
    async reorder(ids: number[]): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const existing = await trx.selectFrom('packages').select('id').execute();
        const wanted = new Set(ids);
        if (existing.length !== ids.length || existing.some((row) => !wanted.has(row.id))) return false;
        for (const [index, id] of ids.entries()) {
          await trx
            .updateTable('packages')
            .set({ position: index + 1 })
            .where('id', '=', id)
            .execute();
        }
        return true;
      });
    },
  };
}
