import { act, cleanup, screen } from '@testing-library/react';
import { AppInitState, AuthenticationStatus } from '@wiggle/common/enums';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../lib/stores/auth';
import { renderApp } from '../test/render-app';
import { useAppInitStore } from './init';

// The library screen is another feature's and needs browser APIs jsdom lacks; the guard only needs its route.
vi.mock('../features/library/library-page', () => ({ LibraryPage: () => <p>Library page</p> }));

const renderAt = (path: string) => renderApp(path).router;

const signIn = (isVerifiedEmail: boolean, isAdmin = false) =>
  useAuthStore.setState({
    status: AuthenticationStatus.Authenticated,
    token: 't',
    username: 'ann@example.com',
    isVerifiedEmail,
    isAdmin,
    details: { name: 'Ann Example', avatar: null },
  });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{"ok":true}', { status: 200 })),
  );
  useAuthStore.getState().reset();
  useAppInitStore.setState({ state: AppInitState.Ready });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('routes with the guard', () => {
  it('shows only the boot progress until initialisation is ready, then the page', async () => {
    useAppInitStore.setState({ state: AppInitState.Boot });
    const router = renderAt('/auth/login');
    expect(await screen.findByLabelText('Loading')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    act(() => useAppInitStore.setState({ state: AppInitState.Ready }));
    expect(await screen.findByRole('button', { name: 'Login' }, { timeout: 15_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('sends a visitor from the library to the login page', async () => {
    const router = renderAt('/library/');
    expect(await screen.findByRole('heading', { name: 'Login' }, { timeout: 15_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('sends an unverified member to the code entry', async () => {
    signIn(false);
    const router = renderAt('/gallery/');
    expect(await screen.findByLabelText('Verification code', {}, { timeout: 15_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account/register/');
  });

  it('sends a verified non-admin away from admin pages to the library, with the highlighted nav item', async () => {
    signIn(true);
    const router = renderAt('/admin/user');
    expect(await screen.findByText('Library page', {}, { timeout: 15_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/library/');
    expect(screen.getByRole('link', { name: 'Library' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('lets an admin open an admin child page (coupon creation), with the Admin nav item highlighted', async () => {
    signIn(true, true);
    renderAt('/admin/coupon/create');
    expect(await screen.findByText(/Admin · Create coupon/, {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Admin' }).getAttribute('aria-current')).toBe('page');
  });

  it('opens the users page for /admin', async () => {
    signIn(true, true);
    const router = renderAt('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin · Users' }, { timeout: 15_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/user');
  });

  it('goes to the login page when the session ends', async () => {
    signIn(true);
    const router = renderAt('/support/');
    expect(await screen.findByRole('heading', { name: 'Support' }, { timeout: 15_000 })).toBeTruthy();
    act(() => useAuthStore.getState().reset());
    expect(await screen.findByRole('heading', { name: 'Login' }, { timeout: 15_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/login');
  });
});
