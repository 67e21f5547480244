import { AuthenticationStatus } from '@wiggle/common/enums';
import { describe, expect, it } from 'vitest';
import { decideRedirect, matchesRoute } from './route-guard';

const visitor = { status: AuthenticationStatus.NotAuthenticated, isVerifiedEmail: false, isAdmin: false };
const unverified = { status: AuthenticationStatus.Authenticated, isVerifiedEmail: false, isAdmin: false };
const member = { status: AuthenticationStatus.Authenticated, isVerifiedEmail: true, isAdmin: false };
const admin = { status: AuthenticationStatus.Authenticated, isVerifiedEmail: true, isAdmin: true };

describe('matchesRoute', () => {
  it('matches exactly, ignoring a trailing slash', () => {
    expect(matchesRoute('/library', '/library/')).toBe(true);
    expect(matchesRoute('/library/', '/library/')).toBe(true);
  });
  it('matches a prefix only at a path-segment boundary', () => {
    expect(matchesRoute('/account/reset/abc/123456', '/account/reset/')).toBe(true);
    expect(matchesRoute('/auth/loginx', '/auth/login')).toBe(false);
    expect(matchesRoute('/administrator', '/admin')).toBe(false);
  });
  it('treats / as an exact route only', () => {
    expect(matchesRoute('/', '/')).toBe(true);
    expect(matchesRoute('/library/', '/')).toBe(false);
  });
});

describe('decideRedirect: visitor', () => {
  it.each([
    '/auth/login',
    '/account/register/',
    '/account/register',
    '/account/register/123456',
    '/account/reset/',
    '/account/reset/tok/123456',
  ])('may open whitelisted %s', (path) => expect(decideRedirect(path, visitor)).toBeNull());
  it.each(['/', '/library/', '/gallery/', '/support/', '/account/profile', '/admin/user', '/admin'])(
    'is sent from %s to the login page',
    (path) => expect(decideRedirect(path, visitor)).toBe('/auth/login'),
  );
});

describe('decideRedirect: unverified member', () => {
  it.each(['/account/register/', '/account/register/654321', '/support/', '/auth/login', '/account/reset/'])(
    'may open %s',
    (path) => expect(decideRedirect(path, unverified)).toBeNull(),
  );
  it.each(['/', '/library/', '/gallery/', '/account/profile', '/admin/user'])(
    'is sent from %s to /account/register/',
    (path) => expect(decideRedirect(path, unverified)).toBe('/account/register/'),
  );
});

describe('decideRedirect: verified member', () => {
  it.each([
    '/auth/login',
    '/account/register/',
    '/account/register/123456',
    '/account/reset/',
    '/account/reset/t/c',
  ])('opening %s goes to the library', (path) => expect(decideRedirect(path, member)).toBe('/library/'));
  it('home goes to the library', () => expect(decideRedirect('/', member)).toBe('/library/'));
  it.each(['/admin', '/admin/', '/admin/user', '/admin/coupon/create'])(
    'a non-admin opening %s goes to the library',
    (path) => expect(decideRedirect(path, member)).toBe('/library/'),
  );
  it.each(['/library/', '/gallery/', '/support/', '/account/profile'])('may open %s', (path) =>
    expect(decideRedirect(path, member)).toBeNull(),
  );
});

describe('decideRedirect: terms', () => {
  it('are open to everyone, whatever the authentication state', () => {
    for (const auth of [visitor, unverified, member, admin])
      expect(decideRedirect('/terms', auth)).toBeNull();
  });
});

describe('decideRedirect: admin', () => {
  it.each(['/admin', '/admin/user', '/admin/coupon/create', '/library/'])('may open %s', (path) =>
    expect(decideRedirect(path, admin)).toBeNull(),
  );
  it('is still sent home from the login page', () =>
    expect(decideRedirect('/auth/login', admin)).toBe('/library/'));
});
