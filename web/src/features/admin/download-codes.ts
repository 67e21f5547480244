import { errorMessage } from '../../lib/api-client';
import { showSnackbar } from '../../lib/stores/notification';
import { saveBlob, shopAdminApi } from './api/shop-api';

/** Downloads every code of a coupon as the server's CSV (the admin's token goes along, so not a plain link). */
export async function downloadCouponCodes(couponId: number): Promise<void> {
  try {
    saveBlob(await shopAdminApi.couponCodesCsv(couponId), `coupon-${couponId}-codes.csv`);
  } catch (error) {
    showSnackbar(errorMessage(error, 'The codes could not be downloaded.'), 'error');
  }
}
