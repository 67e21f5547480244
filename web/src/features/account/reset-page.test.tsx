import { cleanup, screen, waitFor } from '@testing-library/react';
import { AppInitState } from '@wiggle/common/enums';
import { Messages } from '@wiggle/common/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppInitStore } from '../../app/init';
import { useAuthStore } from '../../lib/stores/auth';
import { useSnackbarStore } from '../../lib/stores/notification';
import { renderApp } from '../../test/render-app';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const snackbars = () => useSnackbarStore.getState().queue.map((item) => item.message);

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  useSnackbarStore.setState({ queue: [] });
  useAuthStore.getState().reset();
  useAppInitStore.setState({ state: AppInitState.Ready });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('password reset', () => {
  it('sends the link and says to check the e-mail', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ ok: true }));
    const { user } = renderApp('/account/reset/');
    await user.type(await screen.findByLabelText('E-mail', {}, { timeout: 15_000 }), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/account/reset');
  });

  it("shows SPEC's message when the link cannot be sent", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    const { user } = renderApp('/account/reset/');
    await user.type(await screen.findByLabelText('E-mail', {}, { timeout: 15_000 }), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    await waitFor(() => expect(snackbars()).toEqual([Messages.resetSendFailed]));
  });

  it('sets the new password from the link and is done', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ ok: true }));
    const { user } = renderApp('/account/reset/tok123/123456');
    await user.type(await screen.findByLabelText('New password', {}, { timeout: 15_000 }), 'brand-new!');
    await user.type(screen.getByLabelText('Repeat new password'), 'brand-new!');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/account/reset/confirm');
    expect(JSON.parse(String(init.body))).toEqual({
      token: 'tok123',
      code: '123456',
      password: 'brand-new!',
    });
  });

  it('says the token is invalid or expired when the server refuses it', async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json({ error: { code: 'invalid_token', message: 'x' } }, { status: 400 }),
    );
    const { user } = renderApp('/account/reset/tok123/123456');
    await user.type(await screen.findByLabelText('New password', {}, { timeout: 15_000 }), 'brand-new!');
    await user.type(screen.getByLabelText('Repeat new password'), 'brand-new!');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(snackbars()).toEqual([Messages.invalidOrExpiredToken]));
  });

  it('rejects a link whose code has the wrong length without calling the server', async () => {
    const { user } = renderApp('/account/reset/tok123/12');
    await user.type(await screen.findByLabelText('New password', {}, { timeout: 15_000 }), 'brand-new!');
    await user.type(screen.getByLabelText('Repeat new password'), 'brand-new!');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(Messages.invalidOrExpiredToken)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
