import { type Compilable, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { compiledOnce } from '../../platform/db/compiled-query';
import type { Cursor } from '../../platform/db/keyset-cursor';
import type { Database } from '../../platform/db/schema';
import {
  albumIsListed,
  albumIsPublicCondition,
  albumVisibleTo,
  seesPublicOnly,
  type Viewer,
  wiggleIsListed,
  wiggleIsPublic,
  wiggleVisibleTo,
} from './access';

/**
 * Gallery queries for whoever asks (visitors, share-link holders, other members, the owner): each one carries the
 * access module's visibility condition in its `where`, and says whether the row is public (cacheable by shared caches).
 */

type Db = Kysely<Database>;

const wigglesWithAlbum = (db: Db) =>
  db.selectFrom('gallery_wiggles as w').leftJoin('albums as a', 'a.id', 'w.album_id');

/**
 * A visibility query compiled once per viewer shape (member or not, share token or not, admin or not) instead of
 * built by Kysely on every request: the public pages and media run one per request. The viewer's values and the
 * query's arguments are bound at execution.
 */
function compiledPerViewer<Row>(
  build: (db: Db, viewer: Viewer, id: number, now: string, limit: number) => Compilable<Row>,
) {
  const shapes = new Map<
    string,
    (db: Db, ...args: [number, string, number, number, string]) => Promise<Row[]>
  >();
  return (db: Db, viewer: Viewer, id: number, now: string, limit = 1) => {
    const member = viewer.memberId !== undefined;
    const shared = Boolean(viewer.shareToken);
    const admin = viewer.isAdmin === true;
    const shape = `${member}/${shared}/${admin}`;
    let run = shapes.get(shape);
    if (!run) {
      run = compiledOnce((db: Db, id: number, now: string, limit: number, memberId: number, token: string) =>
        build(
          db,
          { memberId: member ? memberId : undefined, shareToken: shared ? token : undefined, isAdmin: admin },
          id,
          now,
          limit,
        ),
      );
      shapes.set(shape, run);
    }
    return run(db, id, now, limit, viewer.memberId ?? 0, viewer.shareToken ?? '');
  };
}

/** Whether the row is public; what a visitor who is nobody in particular sees is public, so 1 without a second test. */
const isPublicFor = (viewer: Viewer, isPublic: RawBuilder<SqlBool>) =>
  seesPublicOnly(viewer) ? sql<number>`1` : sql<number>`case when ${isPublic} then 1 else 0 end`;

const visibleWiggleQuery = compiledPerViewer((db, viewer, id, now) =>
  wigglesWithAlbum(db)
    .selectAll('w')
    .select([isPublicFor(viewer, wiggleIsPublic()).as('is_public_view'), 'a.name as album_name'])
    .where('w.id', '=', id)
    .where(wiggleVisibleTo(viewer, now)),
);

/** One wiggle the viewer may see, with whether it is public; undefined = 404. */
export async function findVisibleWiggle(db: Db, viewer: Viewer, id: number, now: string) {
  return (await visibleWiggleQuery(db, viewer, id, now))[0];
}

/** What an embed shows of a wiggle (its markup's fields, the owner for the view count): fewer columns to read. */
const EMBED_COLUMNS = [
  'w.id',
  'w.album_id',
  'w.owner_id',
  'w.name',
  'w.description',
  'w.width',
  'w.height',
  'w.has_in_betweens',
  'w.video_key',
] as const;

const visibleWiggleEmbedQuery = compiledPerViewer((db, viewer, id, now) =>
  wigglesWithAlbum(db)
    .select([...EMBED_COLUMNS, isPublicFor(viewer, wiggleIsPublic()).as('is_public_view')])
    .where('w.id', '=', id)
    .where(wiggleVisibleTo(viewer, now)),
);

/** findVisibleWiggle's answer for an iframe page, with only the columns the page shows; undefined = 404. */
export async function findVisibleWiggleEmbed(db: Db, viewer: Viewer, id: number, now: string) {
  return (await visibleWiggleEmbedQuery(db, viewer, id, now))[0];
}

const visibleAlbumQuery = compiledPerViewer((db, viewer, id, now) =>
  db
    .selectFrom('albums as a')
    .selectAll('a')
    .select(isPublicFor(viewer, albumIsPublicCondition()).as('is_public_view'))
    .where('a.id', '=', id)
    .where(albumVisibleTo(viewer, now)),
);

/** One album the viewer may see, with whether it is public; undefined = 404. */
export async function findVisibleAlbum(db: Db, viewer: Viewer, id: number, now: string) {
  return (await visibleAlbumQuery(db, viewer, id, now))[0];
}

const visibleWigglesInAlbumQuery = compiledPerViewer((db, viewer, albumId, now, limit) =>
  wigglesWithAlbum(db)
    .selectAll('w')
    .where('w.album_id', '=', albumId)
    .where('w.delete_status', '=', 0)
    .where(wiggleVisibleTo(viewer, now))
    .orderBy('w.created_at', 'desc')
    .orderBy('w.id', 'desc')
    .limit(limit),
);

/** The wiggles of album `albumId` the viewer may see, newest first (an album page or iframe shows at most `limit`). */
export function listVisibleWigglesInAlbum(
  db: Db,
  viewer: Viewer,
  albumId: number,
  now: string,
  limit: number,
) {
  return visibleWigglesInAlbumQuery(db, viewer, albumId, now, limit);
}

/** Sub-albums of `albumId` that appear in public listings (or all active ones for the owner and for admins). */
export function listVisibleSubAlbums(db: Db, viewer: Viewer, albumId: number, now: string) {
  return db
    .selectFrom('albums as a')
    .selectAll('a')
    .where('a.parent_id', '=', albumId)
    .where('a.delete_status', '=', 0)
    .where((eb) =>
      eb.or([
        albumIsListed(),
        ...(viewer.isAdmin ? [eb('a.delete_status', '=', 0)] : []),
        ...(viewer.memberId !== undefined ? [eb('a.owner_id', '=', viewer.memberId)] : []),
        ...(viewer.shareToken ? [albumVisibleTo({ shareToken: viewer.shareToken }, now)] : []),
      ]),
    )
    .orderBy('a.name')
    .orderBy('a.id')
    .execute();
}

/** One feed page (limit + 1 rows): listed public wiggles with showInFeed, newest first. */
export function listFeedPage(db: Db, after: Cursor | null, limit: number) {
  let query = wigglesWithAlbum(db)
    .selectAll('w')
    .where('w.show_in_feed', '=', 1)
    .where('w.delete_status', '=', 0)
    .where(wiggleIsListed());
  if (after) query = query.where(sql<boolean>`(w.created_at, w.id) < (${after.value}, ${after.id})`);
  return query
    .orderBy('w.created_at', 'desc')
    .orderBy('w.id', 'desc')
    .limit(limit + 1)
    .execute();
}
