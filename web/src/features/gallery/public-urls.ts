import { albumIframeUrl, albumPageUrl, embedCode, wiggleIframeUrl } from '@wiggle/common/schemas/gallery';
import { API_ORIGIN } from '../../lib/config';

/** The public pages live at the root of the API's origin (DESIGN §4). */
export const publicOrigin = () => API_ORIGIN || window.location.origin;

export const publicAlbumPage = (albumId: number) => `${publicOrigin()}${albumPageUrl(albumId)}`;
export const wiggleEmbedCode = (wiggleId: number, name: string) =>
  embedCode(publicOrigin(), wiggleIframeUrl(wiggleId), name);
export const albumEmbedCode = (albumId: number, name: string) =>
  embedCode(publicOrigin(), albumIframeUrl(albumId), name);
