import { AuthenticationStatus } from '@wiggle/common/enums';
import { type GuardAuthState, matchesRoute } from '../route-guard';

export interface NavItem {
  key: string;
  label: string;
  route: string;
  /** Highlight prefix when it differs from the target: the admin item opens /admin/user but owns all of /admin/. */
  activePrefix?: string;
}

/** SPEC §2 "Menus": the left navigation for each authentication state. */
export function navItemsFor(auth: GuardAuthState): NavItem[] {
  if (auth.status !== AuthenticationStatus.Authenticated) {
    return [
      { key: 'login', label: 'Login', route: '/auth/login' },
      { key: 'register', label: 'Register', route: '/account/register/' },
    ];
  }
  if (!auth.isVerifiedEmail) {
    return [
      { key: 'register', label: 'Verify e-mail', route: '/account/register/' },
      { key: 'support', label: 'Support', route: '/support/' },
    ];
  }
  const items: NavItem[] = [
    { key: 'library', label: 'Library', route: '/library/' },
    { key: 'gallery', label: 'Gallery', route: '/gallery/' },
    { key: 'support', label: 'Support', route: '/support/' },
  ];
  if (auth.isAdmin)
    items.push({ key: 'admin', label: 'Admin', route: '/admin/user', activePrefix: '/admin/' });
  return items;
}

/** SPEC §2: highlighted when the current route equals or starts with the item's route. */
export function isNavItemActive(pathname: string, item: NavItem): boolean {
  return matchesRoute(pathname, item.activePrefix ?? item.route);
}
