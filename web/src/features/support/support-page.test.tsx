import { cleanup, screen, waitFor } from '@testing-library/react';
import { Messages } from '@wiggle/common/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSnackbarStore } from '../../lib/stores/notification';
import { signInAsMember } from '../../test/member';
import { renderApp } from '../../test/render-app';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  useSnackbarStore.setState({ queue: [] });
  signInAsMember();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('support page', () => {
  it('counts characters up to 1000, sends the message and thanks the member', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ id: 1, sent: '2026-01-01T00:00:00Z' }));
    const { user } = renderApp('/support/');
    const message = await screen.findByLabelText('Message', {}, { timeout: 15_000 });
    expect(screen.getByText('0 / 1000')).toBeTruthy();
    await user.type(message, 'Hello there');
    expect(screen.getByText('11 / 1000')).toBeTruthy();
    expect(message.getAttribute('maxlength')).toBe('1000');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/your message has been sent/)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/support/inquiry');
    expect(JSON.parse(String(init.body))).toEqual({ message: 'Hello there' });
  });

  it('requires a message', async () => {
    const { user } = renderApp('/support/');
    await user.click(await screen.findByRole('button', { name: 'Send' }, { timeout: 15_000 }));
    expect(await screen.findByText(Messages.mandatory)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows SPEC's support error when sending fails", async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ error: { code: 'x', message: 'y' } }, { status: 500 }));
    const { user } = renderApp('/support/');
    await user.type(await screen.findByLabelText('Message', {}, { timeout: 15_000 }), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(useSnackbarStore.getState().queue.map((s) => s.message)).toEqual([Messages.supportFailed]),
    );
  });
});
