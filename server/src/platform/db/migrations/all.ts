import type { Migration } from 'kysely';
import * as accounts from './0001-accounts';
import * as support from './0002-support';
import * as adminOtpReplay from './0003-admin-otp-replay';
import * as jobs from './0005-jobs';
import * as library from './0010-library';
import * as shop from './0020-shop';
import * as gallery from './0030-gallery';
import * as wiggleTune from './0040-wiggle-tune';
import * as admin from './0041-admin';
import * as exportsTable from './0042-exports';
import * as adminContent from './0043-admin-content';
import * as galleryVideo from './0044-gallery-video';
import * as adminShop from './0045-admin-shop';
import * as memberSearchTrigrams from './0046-member-search-trigrams';

/** Every migration in order; names sort in the order they run (Kysely's Migrator requires it). */
export const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-support': support,
  '0003-admin-otp-replay': adminOtpReplay,
  '0005-jobs': jobs,
  '0010-library': library,
  '0020-shop': shop,
  '0030-gallery': gallery,
  '0040-wiggle-tune': wiggleTune,
  '0041-admin': admin,
  '0042-exports': exportsTable,
  '0043-admin-content': adminContent,
  '0044-gallery-video': galleryVideo,
  '0045-admin-shop': adminShop,
  '0046-member-search-trigrams': memberSearchTrigrams,
};
