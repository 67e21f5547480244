import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Messages } from '@wiggle/common/messages';
import type { AuthInfo, LoginInput } from '@wiggle/common/schemas/auth';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { SubmitButton } from '../../components/submit-button';
import { TextInputField } from '../../components/text-input-field';
import { ApiError } from '../../lib/api-client';
import { clearSnackbars, showSnackbar } from '../../lib/stores/notification';
import type { LoginFormErrors, LoginFormValues } from './login-form-schema';

/**
 * The schema and zod load with the first validation (on submit), not with the page: the login page is the first
 * most visitors see, and zod is a quarter of its JavaScript. For the same reason this form keeps its three fields
 * in React state instead of loading react-hook-form (a sixth of the page's JavaScript); it behaves as the other
 * forms do: messages on submit, re-checked on every change after the first submit, the first invalid field focused.
 */
const loadSchema = () => import('./login-form-schema');
type Schema = Awaited<ReturnType<typeof loadSchema>>;
type TextField = 'username' | 'password' | 'adminOtp';

export interface LoginFormProps {
  onLogin: (input: LoginInput) => Promise<AuthInfo>;
}

/** SPEC §2 login: e-mail, password, keep me logged in, the admin OTP once the server asks for it. */
export function LoginForm({ onLogin }: LoginFormProps) {
  const [otpShown, setOtpShown] = useState(false);
  const [values, setValues] = useState<LoginFormValues>({
    username: '',
    password: '',
    adminOtp: '',
    keepLoggedIn: false,
  });
  const [errors, setErrors] = useState<LoginFormErrors>({});
  const [submitting, setSubmitting] = useState(false);
  /** Set by the first submit: from then on each change is validated again. */
  const schema = useRef<Schema | null>(null);
  const inputs = {
    username: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    adminOtp: useRef<HTMLInputElement>(null),
  };

  const update = (next: LoginFormValues) => {
    setValues(next);
    if (schema.current) setErrors(schema.current.validateLogin(next, otpShown).errors);
  };
  const textField = (name: TextField) => ({
    name,
    value: values[name] ?? '',
    error: errors[name],
    inputRef: inputs[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      update({ ...values, [name]: event.target.value }),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    try {
      schema.current = await loadSchema();
      const { data, errors: found } = schema.current.validateLogin(values, otpShown);
      setErrors(found);
      if (!data) {
        const first = (['username', 'password', 'adminOtp'] as const).find((name) => found[name]);
        if (first) inputs[first].current?.focus();
        return;
      }
      const { keepLoggedIn, adminOtp, username, password } = data;
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
        setTimeout(() => inputs.adminOtp.current?.focus(), 0);
        return;
      }
      const tooMany = error instanceof ApiError && error.status === 429 && error.error?.message;
      showSnackbar(tooMany || Messages.loginFailed, 'error');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <TextInputField
        {...textField('username')}
        label="E-mail"
        type="email"
        autoComplete="username"
        autoFocus
      />
      <TextInputField
        {...textField('password')}
        label="Password"
        type="password"
        autoComplete="current-password"
      />
      {otpShown && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Enter the code from your authenticator app.
          </Typography>
          <TextInputField
            {...textField('adminOtp')}
            label="Admin one-time code"
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </>
      )}
      <FormControlLabel
        control={
          <Checkbox
            name="keepLoggedIn"
            checked={values.keepLoggedIn}
            onChange={(event) => update({ ...values, keepLoggedIn: event.target.checked })}
          />
        }
        label="Keep me logged in"
      />
      <SubmitButton submitting={submitting}>Login</SubmitButton>
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
