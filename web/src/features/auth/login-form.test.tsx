import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Messages } from '@wiggle/common/messages';
import type { AuthInfo, LoginInput } from '@wiggle/common/schemas/auth';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { useSnackbarStore } from '../../lib/stores/notification';
import { memberAuthInfo } from '../../test/member';
import { LoginForm } from './login-form';

const info = memberAuthInfo();

function renderForm(onLogin: (input: LoginInput) => Promise<AuthInfo>) {
  render(
    <MemoryRouter>
      <LoginForm onLogin={onLogin} />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const emailField = () => screen.getByLabelText(/e-mail/i);
const passwordField = () => screen.getByLabelText(/^password/i);
const submit = () => screen.getByRole('button', { name: 'Login' });
const snackbarMessages = () => useSnackbarStore.getState().queue.map((item) => item.message);

beforeEach(() => useSnackbarStore.setState({ queue: [] }));
afterEach(cleanup);

describe('LoginForm validation', () => {
  it('says both fields are mandatory and does not call the server', async () => {
    const onLogin = vi.fn(async () => info);
    const user = renderForm(onLogin);
    await user.click(submit());
    expect(await screen.findAllByText(Messages.mandatory)).toHaveLength(2);
    expect(onLogin).not.toHaveBeenCalled();
  });

  it('asks for a valid e-mail address', async () => {
    const onLogin = vi.fn(async () => info);
    const user = renderForm(onLogin);
    await user.type(emailField(), 'not-an-email');
    await user.type(passwordField(), 'secret!!');
    await user.click(submit());
    expect(await screen.findByText(Messages.invalidEmail)).toBeTruthy();
    expect(onLogin).not.toHaveBeenCalled();
  });

  it('logs in strictly unless "Keep me logged in" is ticked', async () => {
    const onLogin = vi.fn(async (_input: LoginInput) => info);
    const user = renderForm(onLogin);
    await user.type(emailField(), ' Ann@Example.com ');
    await user.type(passwordField(), 'secret!!');
    await user.click(submit());
    await waitFor(() => expect(onLogin).toHaveBeenCalledTimes(1));
    expect(onLogin.mock.calls[0]![0]).toEqual({
      username: 'ann@example.com',
      password: 'secret!!',
      strict: true,
    });
    await user.click(screen.getByLabelText('Keep me logged in'));
    await user.click(submit());
    await waitFor(() => expect(onLogin).toHaveBeenCalledTimes(2));
    expect(onLogin.mock.calls[1]![0].strict).toBe(false);
  });
});

describe('LoginForm server answers', () => {
  async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>) {
    await user.type(emailField(), 'ann@example.com');
    await user.type(passwordField(), 'secret!!');
    await user.click(submit());
  }

  it('shows the error snackbar when the login fails', async () => {
    const user = renderForm(async () => {
      throw new ApiError(401, { error: { code: 'login_failed', message: 'x' } });
    });
    await fillAndSubmit(user);
    await waitFor(() => expect(snackbarMessages()).toEqual([Messages.loginFailed]));
  });

  it('clears the failure snackbar once a retry succeeds', async () => {
    let attempts = 0;
    const user = renderForm(async () => {
      attempts += 1;
      if (attempts === 1) throw new ApiError(401, { error: { code: 'login_failed', message: 'x' } });
      return info;
    });
    await fillAndSubmit(user);
    await waitFor(() => expect(snackbarMessages()).toEqual([Messages.loginFailed]));
    await user.click(submit());
    await waitFor(() => expect(attempts).toBe(2));
    await waitFor(() => expect(snackbarMessages()).toEqual([]));
  });

  it("shows the server's message on 429", async () => {
    const user = renderForm(async () => {
      throw new ApiError(429, {
        error: { code: 'rate_limited', message: 'Too many attempts, wait a minute.' },
      });
    });
    await fillAndSubmit(user);
    await waitFor(() => expect(snackbarMessages()).toEqual(['Too many attempts, wait a minute.']));
  });

  it('shows the admin OTP field when the server asks for it, then requires and sends it', async () => {
    const onLogin = vi.fn(async (input: LoginInput): Promise<AuthInfo> => {
      if (!input.adminOtp) throw new ApiError(401, { error: { code: 'admin_otp_required', message: 'OTP' } });
      return info;
    });
    const user = renderForm(onLogin);
    expect(screen.queryByLabelText(/one-time code/i)).toBeNull();
    await fillAndSubmit(user);
    const otp = await screen.findByLabelText(/one-time code/i);
    expect(snackbarMessages()).toEqual([]);
    await user.click(submit());
    expect(await screen.findByText(Messages.mandatory)).toBeTruthy();
    expect(onLogin).toHaveBeenCalledTimes(1);
    await user.type(otp, '123456');
    await user.click(submit());
    await waitFor(() => expect(onLogin).toHaveBeenCalledTimes(2));
    expect(onLogin.mock.calls[1]![0].adminOtp).toBe('123456');
  });
});
