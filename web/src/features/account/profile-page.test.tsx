import { cleanup, screen, waitFor } from '@testing-library/react';
import { Messages } from '@wiggle/common/messages';
import type { Profile } from '@wiggle/common/schemas/account';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { useAuthStore } from '../../lib/stores/auth';
import { useNotificationStore } from '../../lib/stores/notification';
import { signInAsMember } from '../../test/member';
import { renderApp } from '../../test/render-app';

const profile: Profile = {
  id: 1,
  name: 'Ann',
  username: 'ann@example.com',
  aboutMe: '',
  externalLink: '',
  subscriptions: { system: true, features: false, hints: true },
  avatar: null,
  isVerifiedEmail: true,
  created: '2026-01-01T00:00:00Z',
};
const sent: Array<{ url: string; method: string; body: unknown }> = [];
const roll = {
  purchaseId: 7,
  type: 'Coupon',
  maxResolution: 1920,
  credits: 30,
  creditsLeft: 12,
  creditStatus: 'Available',
  expiresAt: null,
};
const purchase = {
  id: 7,
  type: 'Coupon',
  status: 'Success',
  creditStatus: 'Available',
  packageName: 'Standard',
  credits: 30,
  creditsLeft: 12,
  maxResolution: 1920,
  price: 0,
  currency: 'USD',
  initDate: '2026-02-01T00:00:00.000Z',
  completeDate: '2026-02-01T00:00:00.000Z',
  expiresAt: null,
  failure: null,
};
const statistics = {
  originalsCount: 3,
  originalsSize: 5_242_880,
  wigglesInLibrary: 2,
  wigglesInGallery: 0,
  framesSpent: 18,
};
let shopAnswers: Record<string, () => Response> = {};

beforeEach(() => {
  sent.length = 0;
  queryClient.clear();
  shopAnswers = {
    '/api/account/credits': () => Response.json({ rolls: [roll] }),
    '/api/account/statistics': () => Response.json(statistics),
    '/api/shop/purchases': () => Response.json({ purchases: [purchase] }),
    '/api/gallery/watermarks': () => Response.json({ video: '', iframe: '© Ann', share: '' }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ url, method: String(init.method), body });
      if (url === '/api/account/profile' && init.method === 'GET') return Response.json(profile);
      if (url in shopAnswers) return shopAnswers[url]!();
      if (url === '/api/account/profile') return Response.json({ ...profile, ...body });
      if (url === '/api/account/password' && body.currentPassword !== 'old-pass!') {
        return Response.json(
          {
            error: {
              code: 'validation',
              message: 'x',
              fields: { currentPassword: 'The current password is wrong.' },
            },
          },
          { status: 400 },
        );
      }
      return Response.json({ ok: true });
    }),
  );
  signInAsMember();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('my account', () => {
  it('saves personal info with the system newsletter always on, and renames the account menu', async () => {
    const { user } = renderApp('/account/profile');
    const name = await screen.findByLabelText('Name', {}, { timeout: 15_000 });
    const system = screen.getByRole('checkbox', { name: /System messages/ }) as HTMLInputElement;
    expect(system.checked && system.disabled).toBe(true);
    await user.clear(name);
    await user.type(name, 'Ann Example');
    await user.type(screen.getByLabelText('External link'), 'not a link');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(Messages.invalidUrl)).toBeTruthy();
    await user.clear(screen.getByLabelText('External link'));
    await user.type(screen.getByLabelText('External link'), 'https://example.com/me');
    await user.click(screen.getByRole('checkbox', { name: 'New features' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.some((call) => call.method === 'PUT')).toBe(true));
    expect(sent.find((call) => call.method === 'PUT')?.body).toEqual({
      name: 'Ann Example',
      aboutMe: '',
      externalLink: 'https://example.com/me',
      subscriptions: { system: true, features: true, hints: true },
    });
    await waitFor(() => expect(useAuthStore.getState().details?.name).toBe('Ann Example'));
    expect(useNotificationStore.getState().message).toBe('Your details are saved.');
  });

  it('changes the password, showing mismatch locally and a wrong current password from the server', async () => {
    const { user } = renderApp('/account/profile');
    await user.type(await screen.findByLabelText('Current password', {}, { timeout: 15_000 }), 'wrong');
    await user.type(screen.getByLabelText('New password'), 'brand-new!');
    await user.type(screen.getByLabelText('Repeat new password'), 'brand-new?');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(Messages.passwordsDoNotMatch)).toBeTruthy();
    await user.clear(screen.getByLabelText('Repeat new password'));
    await user.type(screen.getByLabelText('Repeat new password'), 'brand-new!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is wrong.')).toBeTruthy();
    expect(useAuthStore.getState().token).toBe('t');
  });

  it('shows usage statistics, credit balance and purchase history, each failing on its own', async () => {
    shopAnswers['/api/account/statistics'] = () =>
      Response.json({ error: { code: 'internal', message: 'x' } }, { status: 500 });
    renderApp('/account/profile');
    expect(await screen.findByText(Messages.statisticsLoadFailed, {}, { timeout: 15_000 })).toBeTruthy();
    expect(await screen.findByText('12 frames available')).toBeTruthy();
    expect(screen.getByText('12 / 30')).toBeTruthy();
    expect(screen.getByTestId('purchase-7').textContent).toContain('Standard');
    expect(screen.getByTestId('purchase-7').textContent).toContain('US$ 0.00');
    expect(screen.getByRole('button', { name: 'Buy rolls' })).toBeTruthy();
    // The default watermarks (SPEC §3 profile) load into their own form.
    expect(((await screen.findByLabelText('Iframe watermark')) as HTMLInputElement).value).toBe('© Ann');
  });
});
