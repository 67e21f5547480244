import { cleanup, screen, waitFor } from '@testing-library/react';
import { AppInitState } from '@wiggle/common/enums';
import { Messages } from '@wiggle/common/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppInitStore } from '../../app/init';
import { useAuthStore } from '../../lib/stores/auth';
import { useSnackbarStore } from '../../lib/stores/notification';
import { memberAuthInfo } from '../../test/member';
import { renderApp } from '../../test/render-app';

// The library screen is another feature's and needs browser APIs jsdom lacks; here only its route matters.
vi.mock('../library/library-page', () => ({ LibraryPage: () => <p>Library page</p> }));

const calls: Array<{ url: string; body: unknown }> = [];
let verifyStatus = 200;

function fakeServer(url: string, init: RequestInit): Response {
  const body = init.body ? JSON.parse(String(init.body)) : undefined;
  calls.push({ url, body });
  if (url === '/api/account/register') {
    return Response.json({
      token: 'new',
      settings: '{}',
      username: body.username,
      isVerifiedEmail: false,
      isAdmin: false,
      details: { name: body.name, avatar: null },
    });
  }
  if (url === '/api/auth/login') {
    return Response.json({
      token: 'back',
      settings: '{}',
      username: body.username,
      isVerifiedEmail: false,
      isAdmin: false,
      details: { name: 'Ann', avatar: null },
    });
  }
  if (url === '/api/account/verify') {
    return verifyStatus === 200
      ? Response.json({ ok: true })
      : Response.json({ error: { code: 'invalid_code', message: 'x' } }, { status: verifyStatus });
  }
  return Response.json({ ok: true });
}

const renderAt = renderApp;

beforeEach(() => {
  calls.length = 0;
  verifyStatus = 200;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => fakeServer(url, init)),
  );
  useAuthStore.getState().reset();
  useSnackbarStore.setState({ queue: [] });
  useAppInitStore.setState({ state: AppInitState.Ready });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('registration', () => {
  it('checks the form with the shared rules before calling the server', async () => {
    const { user } = renderAt('/account/register/');
    await user.type(await screen.findByLabelText('Name', {}, { timeout: 15_000 }), 'Ann');
    await user.type(screen.getByLabelText('E-mail'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Repeat password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(Messages.passwordTooShort)).toBeTruthy();
    expect(screen.getByText(Messages.passwordsDoNotMatch)).toBeTruthy();
    expect(screen.getByText(Messages.termsRequired)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('registers, verifies the code and starts in the library', async () => {
    const { user, router } = renderAt('/account/register/');
    await user.type(await screen.findByLabelText('Name', {}, { timeout: 15_000 }), 'Ann');
    await user.type(screen.getByLabelText('E-mail'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'long-enough!');
    await user.type(screen.getByLabelText('Repeat password'), 'long-enough!');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const code = await screen.findByLabelText('Verification code');
    expect(calls[0]).toEqual({
      url: '/api/account/register',
      body: { name: 'Ann', username: 'ann@example.com', password: 'long-enough!', terms: true },
    });
    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(Messages.invalidCodeLength)).toBeTruthy();
    await user.type(code, '6');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/library/'));
    expect(calls.at(-1)).toEqual({ url: '/api/account/verify', body: { code: '123456' } });
    expect(useAuthStore.getState().isVerifiedEmail).toBe(true);
  });

  it('says so when the code is refused, and resends on request', async () => {
    verifyStatus = 400;
    useAuthStore.getState().setAuthInfo(memberAuthInfo({ isVerifiedEmail: false }));
    const { user } = renderAt('/account/register/');
    await user.type(await screen.findByLabelText('Verification code', {}, { timeout: 15_000 }), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(useSnackbarStore.getState().queue.map((s) => s.message)).toEqual([Messages.verifyFailed]),
    );
    await user.click(screen.getByRole('button', { name: 'Send the code again' }));
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/account/verify/resend'));
  });

  it('sends a visitor who opens the mailed link through login and back, where it verifies', async () => {
    const { user, router } = renderAt('/account/register/654321');
    await user.click(await screen.findByRole('link', { name: 'log in' }, { timeout: 15_000 }));
    await screen.findByRole('heading', { name: 'Login' }, { timeout: 15_000 });
    await user.type(screen.getByLabelText('E-mail'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'long-enough!');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('button', { name: 'Start' }, { timeout: 15_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account/register/654321');
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/login', '/api/account/verify']);
    expect(calls[1]?.body).toEqual({ code: '654321' });
  });

  it('verifies by itself when the mailed link is opened while signed in', async () => {
    useAuthStore.getState().setAuthInfo(memberAuthInfo({ isVerifiedEmail: false }));
    renderAt('/account/register/654321');
    expect(await screen.findByRole('button', { name: 'Start' }, { timeout: 15_000 })).toBeTruthy();
    expect(calls).toEqual([{ url: '/api/account/verify', body: { code: '654321' } }]);
  });
});
