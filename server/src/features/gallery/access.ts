import { DeleteStatus, UserStatus } from '@wiggle/common/enums';
import { type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * Who sees what in the gallery (DESIGN §6), in ONE place, as conditions that go INTO the query's `where`, so no route
 * can fetch a row first and forget to check it. Every gallery, public and media query selects from
 * `gallery_wiggles as w left join albums as a on a.id = w.album_id` (or `albums as a` alone) and adds these.
 *
 * - the owner always (active and trashed items, never expired ones);
 * - anyone when the album or one of its ancestors is public and the wiggle is not blocked;
 * - anyone holding an active, unexpired share link of the wiggle, or of its album or an ancestor album
 *   (blocked wiggles and wiggles whose owner disallowed sharing stay hidden);
 * - an admin (moderation): every album and wiggle that is not expired;
 * - nobody else: the caller answers 404, exactly as for a missing id.
 * A member an admin deleted (status Deleted) shows nothing to anyone but admins: every public and shared path
 * checks the owner's status (one primary-key lookup), so undeleting brings it all back unchanged.
 *
 * Paths are materialized ("/1/5/9/"): album P is A or an ancestor of A when A.path starts with P.path.
 */
export interface Viewer {
  /** The signed-in member, if any. */
  memberId?: number | undefined;
  /** A share-link token the visitor holds (from the share page or a `?share=` media URL). */
  shareToken?: string | undefined;
  /**
   * The signed-in member is an admin (not an impersonation session): for moderation an admin opens any album and
   * wiggle that is not expired, private and blocked ones included. Routes never let shared caches keep such answers
   * and never count an admin's visit as a view.
   */
  isAdmin?: boolean | undefined;
}

const ACTIVE = DeleteStatus.Active;

/** The member `ownerId` (a column reference) has not been deleted by an admin. */
const ownerIsLive = (ownerId: RawBuilder<unknown>) =>
  sql<SqlBool>`exists (select 1 from users ou where ou.id = ${ownerId} and ou.status != ${UserStatus.Deleted})`;

const startsWith = (path: RawBuilder<unknown>, prefix: RawBuilder<unknown>) =>
  sql`substr(${path}, 1, length(${prefix})) = ${prefix}`;

/** The album `a` (or an ancestor) is public and active. */
const albumIsPublic = (album: string) => {
  const a = sql.ref(album);
  return sql<SqlBool>`(${a}.delete_status = ${ACTIVE} and exists (select 1 from albums p where p.owner_id = ${a}.owner_id and p.is_public = 1 and p.delete_status = ${ACTIVE} and ${startsWith(sql`${a}.path`, sql`p.path`)}) and ${ownerIsLive(sql`${a}.owner_id`)})`;
};

/** Some album on the path of `a` (itself included) asks to stay out of public listings. */
const albumPreventsListing = (album: string) => {
  const a = sql.ref(album);
  return sql<SqlBool>`exists (select 1 from albums q where q.owner_id = ${a}.owner_id and q.prevent_public_listing = 1 and ${startsWith(sql`${a}.path`, sql`q.path`)})`;
};

/** An active, unexpired link with `token` for album `a` or one of its ancestors. */
const albumIsShared = (album: string, token: string, now: string) => {
  const a = sql.ref(album);
  return sql<SqlBool>`(${a}.delete_status = ${ACTIVE} and ${ownerIsLive(sql`${a}.owner_id`)} and exists (select 1 from share_links s join albums sa on sa.id = s.album_id where s.token = ${token} and s.is_active = 1 and s.valid_until > ${now} and sa.delete_status = ${ACTIVE} and ${startsWith(sql`${a}.path`, sql`sa.path`)}))`;
};

/** Wiggle `w` in album `a` is visible to everyone (the public page, the feed, shared caches). */
export const wiggleIsPublic = () =>
  sql<SqlBool>`(w.delete_status = ${ACTIVE} and w.blocked = 0 and ${albumIsPublic('a')})`;

/** Public and listable: what the feed and public listings may show. */
export const wiggleIsListed = () => sql<SqlBool>`(${wiggleIsPublic()} and not ${albumPreventsListing('a')})`;

/** A visitor who is nobody in particular (no member, no share token): sees exactly what the public conditions allow. */
export const seesPublicOnly = (viewer: Viewer) =>
  viewer.memberId === undefined && !viewer.shareToken && !viewer.isAdmin;

/** The visibility condition on `w` (left-joined `a`) for `viewer`. */
export function wiggleVisibleTo(viewer: Viewer, now: string) {
  const ors = [wiggleIsPublic()];
  if (viewer.isAdmin) ors.push(sql<SqlBool>`(w.delete_status != ${DeleteStatus.Expired})`);
  if (viewer.memberId !== undefined) {
    ors.push(sql<SqlBool>`(w.owner_id = ${viewer.memberId} and w.delete_status != ${DeleteStatus.Expired})`);
  }
  if (viewer.shareToken) {
    const token = viewer.shareToken;
    ors.push(
      sql<SqlBool>`(w.delete_status = ${ACTIVE} and w.blocked = 0 and w.allow_share = 1 and ${ownerIsLive(sql`w.owner_id`)} and (exists (select 1 from share_links s where s.token = ${token} and s.is_active = 1 and s.valid_until > ${now} and s.wiggle_id = w.id) or (a.id is not null and ${albumIsShared('a', token, now)})))`,
    );
  }
  return sql<SqlBool>`(${sql.join(ors, sql` or `)})`;
}

/** The visibility condition on album `a` for `viewer` (its page and its iframe). */
export function albumVisibleTo(viewer: Viewer, now: string) {
  const ors = [albumIsPublic('a')];
  if (viewer.isAdmin) ors.push(sql<SqlBool>`(a.delete_status != ${DeleteStatus.Expired})`);
  if (viewer.memberId !== undefined) {
    ors.push(sql<SqlBool>`(a.owner_id = ${viewer.memberId} and a.delete_status != ${DeleteStatus.Expired})`);
  }
  if (viewer.shareToken) ors.push(albumIsShared('a', viewer.shareToken, now));
  return sql<SqlBool>`(${sql.join(ors, sql` or `)})`;
}

/** Album `a` is public (cacheable by shared caches). */
export const albumIsPublicCondition = () => albumIsPublic('a');
/** Album `a` may appear in public listings (its sub-album list on a parent's page). */
export const albumIsListed = () => sql<SqlBool>`(${albumIsPublic('a')} and not ${albumPreventsListing('a')})`;
