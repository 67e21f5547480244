import { AuthenticationStatus } from '@wiggle/common/enums';
import { describe, expect, it } from 'vitest';
import type { GuardAuthState } from '../route-guard';
import { isNavItemActive, navItemsFor } from './nav-items';

const visitor: GuardAuthState = {
  status: AuthenticationStatus.NotAuthenticated,
  isVerifiedEmail: false,
  isAdmin: false,
};
const unverified = { status: AuthenticationStatus.Authenticated, isVerifiedEmail: false, isAdmin: false };
const member = { status: AuthenticationStatus.Authenticated, isVerifiedEmail: true, isAdmin: false };
const admin = { status: AuthenticationStatus.Authenticated, isVerifiedEmail: true, isAdmin: true };

const routes = (auth: GuardAuthState) => navItemsFor(auth).map((item) => [item.key, item.route]);

describe('navItemsFor', () => {
  it('offers login and register to visitors', () => {
    expect(routes(visitor)).toEqual([
      ['login', '/auth/login'],
      ['register', '/account/register/'],
    ]);
  });
  it('offers register (verification) and support to unverified members', () => {
    expect(routes(unverified)).toEqual([
      ['register', '/account/register/'],
      ['support', '/support/'],
    ]);
  });
  it('offers library, gallery and support to verified members, without admin', () => {
    expect(routes(member)).toEqual([
      ['library', '/library/'],
      ['gallery', '/gallery/'],
      ['support', '/support/'],
    ]);
  });
  it('adds admin, leading to /admin/user, for admins', () => {
    expect(routes(admin).at(-1)).toEqual(['admin', '/admin/user']);
  });
  it('gives every item a label', () => {
    for (const auth of [visitor, unverified, member, admin]) {
      for (const item of navItemsFor(auth)) expect(item.label.length).toBeGreaterThan(0);
    }
  });
});

describe('isNavItemActive', () => {
  const [library, gallery] = navItemsFor(member);
  const adminItem = navItemsFor(admin).at(-1)!;
  it('highlights the item whose route equals the current one', () => {
    expect(isNavItemActive('/library/', library!)).toBe(true);
    expect(isNavItemActive('/library', library!)).toBe(true);
  });
  it('highlights the item whose route the current one starts with', () => {
    expect(isNavItemActive('/library/folder/12', library!)).toBe(true);
    expect(isNavItemActive('/library/folder/12', gallery!)).toBe(false);
  });
  it('highlights admin on every admin page', () => {
    expect(isNavItemActive('/admin/user', adminItem)).toBe(true);
    expect(isNavItemActive('/admin/coupon/create', adminItem)).toBe(true);
    expect(isNavItemActive('/library/', adminItem)).toBe(false);
  });
  it('does not highlight on a mere string prefix', () => {
    expect(isNavItemActive('/gallery-old', gallery!)).toBe(false);
  });
});
