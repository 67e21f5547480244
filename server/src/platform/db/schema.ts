import type { AccountTables } from '../../features/account/tables';
import type { AdminTables } from '../../features/admin/tables';
import type { ExportTables } from '../../features/exports/tables';
import type { GalleryTables } from '../../features/gallery/tables';
import type { LibraryTables } from '../../features/library/tables';
import type { ShopTables } from '../../features/shop/tables';
import type { SupportTables } from '../../features/support/tables';
import type { JobTables } from '../jobs/tables';

/**
 * The whole database as Kysely sees it: each feature declares its tables in `features/<name>/tables.ts`.
 *
 * The same migrations and queries run on SQLite and PostgreSQL, so columns stick to what both engines return alike:
 * - ids are integers (`integer primary key autoincrement` on SQLite, identity on PostgreSQL: see `addIdColumn`);
 * - timestamps are ISO-8601 UTC TEXT (`new Date().toISOString()`), so string order is time order in both engines and
 *   both drivers hand back the same type;
 * - booleans are integers 0/1 in both (see `toDbBool`/`fromDbBool`).
 * PostgreSQL returns `bigint`/`count(*)` as strings: cast or `Number()` aggregates in stores.
 */
export interface Database
  extends AccountTables,
    SupportTables,
    LibraryTables,
    GalleryTables,
    JobTables,
    ShopTables,
    ExportTables,
    AdminTables {}
