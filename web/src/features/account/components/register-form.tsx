import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import { Messages } from '@wiggle/common/messages';
import type { RegisterInput } from '@wiggle/common/schemas/account';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { FormTextField } from '../../../components/form-text-field';
import { SubmitButton } from '../../../components/submit-button';
import { ApiError } from '../../../lib/api-client';
import { TERMS_URL } from '../../../lib/config';
import { showSnackbar } from '../../../lib/stores/notification';
import { register } from '../api/register';
import { registerFormSchema } from './password-confirm';
import { applyServerFieldErrors } from './server-field-errors';

// The shared helper that adds the repeated password loses the field types, so they are spelled out here.
type RegisterFormValues = Omit<RegisterInput, 'terms'> & { terms: boolean; passwordConfirm: string };

/** Step one of registration: name, e-mail, password twice and the terms. */
export function RegisterForm() {
  const { control, handleSubmit, formState, setError } = useForm<RegisterFormValues>({
    resolver: zodResolver(registerFormSchema) as never,
    defaultValues: { name: '', username: '', password: '', passwordConfirm: '', terms: false },
  });
  const submit = handleSubmit(async (values) => {
    try {
      await register({
        name: values.name,
        username: values.username,
        password: values.password,
        terms: true,
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setError('username', { message: error.error?.message ?? Messages.emailAlreadyRegistered });
      } else if (!applyServerFieldErrors(error, setError)) {
        showSnackbar(
          error instanceof ApiError && error.error?.message ? error.error.message : Messages.generic,
          'error',
        );
      }
    }
  });
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <FormTextField control={control} name="name" label="Name" autoComplete="name" autoFocus />
      <FormTextField control={control} name="username" label="E-mail" type="email" autoComplete="email" />
      <FormTextField
        control={control}
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
      />
      <FormTextField
        control={control}
        name="passwordConfirm"
        label="Repeat password"
        type="password"
        autoComplete="new-password"
      />
      <Controller
        control={control}
        name="terms"
        render={({ field, fieldState }) => (
          <Box sx={{ mt: 1 }}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={field.value === true}
                  onChange={(event) => field.onChange(event.target.checked)}
                />
              }
              label={
                <>
                  I accept the{' '}
                  <Link href={TERMS_URL} target="_blank" rel="noopener noreferrer">
                    terms
                  </Link>
                </>
              }
            />
            {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
          </Box>
        )}
      />
      <SubmitButton submitting={formState.isSubmitting} marginTop={2}>
        Create account
      </SubmitButton>
      <Box sx={{ mt: 2 }}>
        Already registered?{' '}
        <Link component={RouterLink} to="/auth/login">
          Login
        </Link>
      </Box>
    </Box>
  );
}
