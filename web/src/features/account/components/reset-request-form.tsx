import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Messages } from '@wiggle/common/messages';
import { resetRequestSchema } from '@wiggle/common/schemas/account';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { SubmitButton } from '../../../components/submit-button';
import { ApiError } from '../../../lib/api-client';
import { showSnackbar } from '../../../lib/stores/notification';
import { requestReset } from '../api/request-reset';

/** Reset step one: the e-mail address the link goes to. */
export function ResetRequestForm({ onSent }: { onSent: (username: string) => void }) {
  const { control, handleSubmit, formState } = useForm<z.input<typeof resetRequestSchema>>({
    resolver: zodResolver(resetRequestSchema) as never,
    defaultValues: { username: '' },
  });
  const submit = handleSubmit(async ({ username }) => {
    try {
      await requestReset(username);
      onSent(username);
    } catch (error) {
      const tooMany = error instanceof ApiError && error.status === 429 && error.error?.message;
      showSnackbar(tooMany || Messages.resetSendFailed, 'error');
    }
  });
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Typography color="text.secondary">
        Enter the e-mail address of your account and we will send you a link to set a new password.
      </Typography>
      <FormTextField
        control={control}
        name="username"
        label="E-mail"
        type="email"
        autoComplete="email"
        autoFocus
      />
      <SubmitButton submitting={formState.isSubmitting}>Send link</SubmitButton>
      <Box sx={{ mt: 2 }}>
        <Link component={RouterLink} to="/auth/login">
          Back to login
        </Link>
      </Box>
    </Box>
  );
}
