import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import { Messages } from '@wiggle/common/messages';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { SubmitButton } from '../../../components/submit-button';
import { ApiError } from '../../../lib/api-client';
import { showSnackbar } from '../../../lib/stores/notification';
import { confirmReset } from '../api/confirm-reset';
import { resetPasswordFormSchema } from './password-confirm';
import { applyServerFieldErrors } from './server-field-errors';

// The shared helper that adds the repeated password loses the field types, so they are spelled out here.
interface ResetPasswordValues {
  token: string;
  code: string;
  password: string;
  passwordConfirm: string;
}

/** Reset step three: the new password twice; token and code come from the mailed link. */
export function ResetPasswordForm({
  token,
  code,
  onDone,
}: {
  token: string;
  code: string;
  onDone: () => void;
}) {
  const { control, handleSubmit, formState, setError } = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordFormSchema) as never,
    defaultValues: { token, code, password: '', passwordConfirm: '' },
  });
  const submit = handleSubmit(async (values) => {
    try {
      await confirmReset({ token: values.token, code: values.code, password: values.password });
      onDone();
    } catch (error) {
      const fields = error instanceof ApiError ? error.error?.fields : undefined;
      if (fields?.password && applyServerFieldErrors(error, setError)) return;
      const tooMany = error instanceof ApiError && error.status === 429 && error.error?.message;
      showSnackbar(tooMany || Messages.invalidOrExpiredToken, 'error');
    }
  });
  const linkProblem = formState.errors.token?.message ?? formState.errors.code?.message;
  return (
    <Box component="form" noValidate onSubmit={submit}>
      {linkProblem && <Box sx={{ color: 'error.main', mb: 1 }}>{Messages.invalidOrExpiredToken}</Box>}
      <FormTextField
        control={control}
        name="password"
        label="New password"
        type="password"
        autoComplete="new-password"
        autoFocus
      />
      <FormTextField
        control={control}
        name="passwordConfirm"
        label="Repeat new password"
        type="password"
        autoComplete="new-password"
      />
      <SubmitButton submitting={formState.isSubmitting}>Set new password</SubmitButton>
    </Box>
  );
}
