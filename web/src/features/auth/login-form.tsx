import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Messages } from '@wiggle/common/messages';
import type { AuthInfo, LoginInput } from '@wiggle/common/schemas/auth';
import { useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { FormTextField } from '../../components/form-text-field';
import { SubmitButton } from '../../components/submit-button';
import { ApiError } from '../../lib/api-client';
import { clearSnackbars, showSnackbar } from '../../lib/stores/notification';
import type { LoginFormValues } from './login-form-schema';

/**
 * The schema and zod load with the first validation (on submit), not with the page: the login page is the first
 * most visitors see, and zod is a quarter of its JavaScript.
 */
const loadSchema = () => import('./login-form-schema');

export interface LoginFormProps {
  onLogin: (input: LoginInput) => Promise<AuthInfo>;
}

/** SPEC §2 login: e-mail, password, keep me logged in, the admin OTP once the server asks for it. */
export function LoginForm({ onLogin }: LoginFormProps) {
  const [otpShown, setOtpShown] = useState(false);
  const { control, handleSubmit, formState, setFocus } = useForm<LoginFormValues>({
    resolver: (async (...args) =>
      (await loadSchema()).loginResolver(otpShown)(...args)) as Resolver<LoginFormValues>,
    defaultValues: { username: '', password: '', adminOtp: '', keepLoggedIn: false },
  });

  const submit = handleSubmit(async ({ keepLoggedIn, adminOtp, username, password }) => {
    try {
      await onLogin({
        username,
        password,
        strict: !keepLoggedIn,
        ...(otpShown && adminOtp ? { adminOtp: adminOtp.trim() } : {}),
      });
      // A failure from an earlier attempt must not linger over the page the member lands on.
      clearSnackbars();
    } catch (error) {
      const { AuthErrorCodes } = await loadSchema();
      if (error instanceof ApiError && error.error?.code === AuthErrorCodes.adminOtpRequired) {
        setOtpShown(true);
        setTimeout(() => setFocus('adminOtp'), 0);
        return;
      }
      const tooMany = error instanceof ApiError && error.status === 429 && error.error?.message;
      showSnackbar(tooMany || Messages.loginFailed, 'error');
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <FormTextField
        control={control}
        name="username"
        label="E-mail"
        type="email"
        autoComplete="username"
        autoFocus
      />
      <FormTextField
        control={control}
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
      />
      {otpShown && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Enter the code from your authenticator app.
          </Typography>
          <FormTextField
            control={control}
            name="adminOtp"
            label="Admin one-time code"
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </>
      )}
      <Controller
        control={control}
        name="keepLoggedIn"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />
            }
            label="Keep me logged in"
          />
        )}
      />
      <SubmitButton submitting={formState.isSubmitting}>Login</SubmitButton>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 2, gap: 2, flexWrap: 'wrap' }}>
        <Link component={RouterLink} to="/account/reset/">
          Forgot password?
        </Link>
        <Link component={RouterLink} to="/account/register/">
          Create account
        </Link>
      </Box>
    </Box>
  );
}
