/** The admin areas of SPEC §2 (/admin/{path}), in the order of the admin tabs. */
export const ADMIN_SECTIONS = [
  { path: 'user', label: 'Users' },
  { path: 'wiggle', label: 'Wiggles' },
  { path: 'album', label: 'Albums' },
  { path: 'original', label: 'Originals' },
  { path: 'purchase', label: 'Purchases' },
  { path: 'coupon', label: 'Coupons' },
  { path: 'coupon/create', label: 'Create coupon' },
  { path: 'support', label: 'Support' },
  { path: 'package', label: 'Packages' },
  { path: 'log', label: 'Logs' },
] as const;
