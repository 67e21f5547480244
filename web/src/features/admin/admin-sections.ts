/** The admin areas of SPEC §2/§3 and what each page will hold once its issue lands. */
export const ADMIN_SECTIONS = [
  {
    path: 'user',
    label: 'Users',
    holds:
      'every member with e-mail, name, verification, status, originals and wiggles counts and subscriptions; block, unblock, delete, undelete and impersonate.',
  },
  {
    path: 'wiggle',
    label: 'Wiggles',
    holds: 'all wiggles with their status, rating, views, promotion and blocking.',
  },
  { path: 'album', label: 'Albums', holds: 'all gallery albums with their public flags and owners.' },
  { path: 'original', label: 'Originals', holds: 'all uploaded originals with size, owner and upload date.' },
  {
    path: 'purchase',
    label: 'Purchases',
    holds: 'purchases with type, status, credit status, price and credits left.',
  },
  { path: 'coupon', label: 'Coupons', holds: 'coupons with status, amounts and codes.' },
  {
    path: 'coupon/create',
    label: 'Create coupon',
    holds: 'the form to create a coupon: name, amount, number of codes and content.',
  },
  {
    path: 'support',
    label: 'Support',
    holds: 'support inquiries with sender, message, date sent and who read them.',
  },
  {
    path: 'package',
    label: 'Packages',
    holds: 'the shop packages with credits, maximum resolution, prices and visibility.',
  },
  {
    path: 'log',
    label: 'Logs',
    holds: 'process logs with start, duration, memory, result and the entity they concern.',
  },
] as const;
