import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Messages } from '@wiggle/common/messages';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { errorMessage } from '../../../lib/api-client';
import { notify, showSnackbar } from '../../../lib/stores/notification';
import { changePassword } from '../api/change-password';
import { changePasswordFormSchema } from './password-confirm';
import { applyServerFieldErrors } from './server-field-errors';

interface ChangePasswordValues {
  currentPassword: string;
  password: string;
  passwordConfirm: string;
}

const empty: ChangePasswordValues = { currentPassword: '', password: '', passwordConfirm: '' };

export function ChangePasswordForm() {
  const { control, handleSubmit, formState, setError, reset } = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordFormSchema) as never,
    defaultValues: empty,
  });
  const submit = handleSubmit(async ({ currentPassword, password }) => {
    try {
      await changePassword({ currentPassword, password });
      reset(empty);
      notify('Your password is changed.', 'success');
    } catch (error) {
      if (!applyServerFieldErrors(error, setError))
        showSnackbar(errorMessage(error, Messages.generic), 'error');
    }
  });
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <FormTextField
        control={control}
        name="currentPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
      />
      <FormTextField
        control={control}
        name="password"
        label="New password"
        type="password"
        autoComplete="new-password"
      />
      <FormTextField
        control={control}
        name="passwordConfirm"
        label="Repeat new password"
        type="password"
        autoComplete="new-password"
      />
      <Button type="submit" variant="contained" disabled={formState.isSubmitting} sx={{ mt: 2 }}>
        Change password
      </Button>
    </Box>
  );
}
