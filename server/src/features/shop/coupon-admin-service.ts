import type { SortOrder } from '@wiggle/common/schemas/admin';
import {
  type AdminCoupon,
  type AdminCouponCode,
  type AdminCouponSort,
  COUPON_CODE_REDEMPTIONS_SHOWN,
} from '@wiggle/common/schemas/admin-shop';
import type { Kysely } from 'kysely';
import { decodeCursor, pageFromRows } from '../../platform/db/keyset-cursor';
import type { Database } from '../../platform/db/schema';
import { decodeSortCursor, type SortColumn, sortTag } from '../../platform/db/sorted-page';
import { NotFound } from '../../platform/errors';
import { csvLine } from '../../platform/http/csv';
import { type AdminCouponRow, createCouponAdminStore } from './coupon-admin-store';

/** Whitelisted sorts, each on a (column, id) index (migration 0045). */
const COUPON_SORTS: Record<
  AdminCouponSort,
  SortColumn & { value: (row: AdminCouponRow) => string | number }
> = {
  id: { column: 'coupons.id', kind: 'number', value: (row) => row.id },
  name: { column: 'coupons.name', kind: 'text', value: (row) => row.name },
  amountLeft: { column: 'coupons.amount_left', kind: 'number', value: (row) => row.amount_left },
};

function toAdminCoupon(row: AdminCouponRow): AdminCoupon {
  return {
    id: row.id,
    name: row.name,
    status: row.status as AdminCoupon['status'],
    created: row.created_at,
    amount: row.amount,
    amountLeft: row.amount_left,
    amountUsed: row.amount - row.amount_left,
    package: {
      id: row.package_id,
      name: row.package_name,
      credits: row.package_credits,
      maxResolution: row.package_max_resolution,
    },
    codesTotal: Number(row.codes_total ?? 0),
    codesUsed: Number(row.codes_used ?? 0),
  };
}

const CSV_BATCH = 1000;
export const COUPON_CSV_HEADER = ['code', 'coupon', 'package', 'status', 'redeemed_by', 'redeemed_at'];

/** Coupons as the admin sees them: pages, codes with their redeemers, the CSV of all codes, disabling. */
export function createCouponAdminService(db: Kysely<Database>) {
  const store = createCouponAdminStore(db);
  const load = async (id: number) => {
    const row = await store.find(id);
    if (!row) throw new NotFound();
    return row;
  };
  return {
    async list(query: {
      status?: string | undefined;
      sort: AdminCouponSort;
      order: SortOrder;
      cursor?: string | undefined;
      limit: number;
    }) {
      const column = COUPON_SORTS[query.sort];
      const after = decodeSortCursor(query.cursor, column, query.order);
      const sort = { column, idColumn: 'coupons.id', order: query.order };
      const rows = await store.list(query.status, sort, after, query.limit);
      const { rows: page, nextCursor } = pageFromRows(
        rows,
        query.limit,
        column.value,
        sortTag(column, query.order),
      );
      return { items: page.map(toAdminCoupon), nextCursor };
    },

    async get(id: number): Promise<AdminCoupon> {
      return toAdminCoupon(await load(id));
    },

    async codes(id: number, query: { cursor?: string | undefined; limit: number }) {
      await load(id);
      const after = decodeCursor(query.cursor);
      const codes = await store.codes(id, after?.id ?? 0, query.limit + 1);
      const { rows: page, nextCursor } = pageFromRows(codes, query.limit, (row) => row.id);
      const redemptions = await store.redemptionsOf(
        page.map((code) => code.id),
        COUPON_CODE_REDEMPTIONS_SHOWN,
      );
      const items = page.map(
        (code): AdminCouponCode => ({
          id: code.id,
          code: code.code,
          timesRedeemed: Number(code.times_redeemed ?? 0),
          redemptions: redemptions
            .filter((r) => r.code_id === code.id)
            .map((r) => ({
              user: { id: r.user_id, email: r.user_email, name: r.user_name },
              redeemed: r.created_at,
              purchaseId: r.purchase_id,
            })),
        }),
      );
      return { items, nextCursor };
    },

    /** Every code of the coupon, one line per redemption (a code nobody redeemed has one line, without a redeemer). */
    async csv(id: number): Promise<AsyncIterable<string>> {
      const coupon = await load(id);
      return (async function* lines() {
        yield csvLine(COUPON_CSV_HEADER);
        let afterId = 0;
        for (;;) {
          const codes = await store.codes(id, afterId, CSV_BATCH);
          if (codes.length === 0) return;
          const redemptions = await store.redemptionsOf(
            codes.map((code) => code.id),
            null,
          );
          let text = '';
          for (const code of codes) {
            const base = [code.code, coupon.name, coupon.package_name, coupon.status];
            const own = redemptions.filter((r) => r.code_id === code.id).reverse();
            if (own.length === 0) text += csvLine([...base, '', '']);
            for (const r of own) text += csvLine([...base, r.user_email, r.created_at]);
          }
          yield text;
          afterId = codes[codes.length - 1]?.id ?? afterId;
        }
      })();
    },

    /** Its codes stop redeeming at once (the redeem call answers that the coupon is disabled). */
    async disable(id: number): Promise<AdminCoupon> {
      if (!(await store.disable(id))) throw new NotFound();
      return toAdminCoupon(await load(id));
    },
  };
}
