import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { VERIFICATION_CODE_LENGTH } from '@wiggle/common/constants';
import { Messages } from '@wiggle/common/messages';
import { verifySchema } from '@wiggle/common/schemas/account';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { SubmitButton } from '../../../components/submit-button';
import { ApiError } from '../../../lib/api-client';
import { notify, showSnackbar } from '../../../lib/stores/notification';
import { useResendVerification } from '../api/resend-verification';
import { verifyEmail } from '../api/verify-email';

/** Step two of registration: the 6-digit code from the mail, with a resend. */
export function VerifyCodeForm({
  username,
  onVerified,
}: {
  username: string | null;
  onVerified: () => void;
}) {
  const { control, handleSubmit, formState } = useForm<z.input<typeof verifySchema>>({
    resolver: zodResolver(verifySchema) as never,
    defaultValues: { code: '' },
  });
  const resend = useResendVerification();
  const submit = handleSubmit(async ({ code }) => {
    try {
      await verifyEmail(code);
      onVerified();
    } catch (error) {
      const tooMany = error instanceof ApiError && error.status === 429 && error.error?.message;
      showSnackbar(tooMany || Messages.verifyFailed, 'error');
    }
  });
  const resendCode = () =>
    resend.mutate(undefined, {
      onSuccess: () => notify('A new code is on its way.', 'success'),
      onError: (error) => {
        const tooMany = error instanceof ApiError && error.status === 429 && error.error?.message;
        showSnackbar(tooMany || Messages.verificationMailFailed, 'error');
      },
    });
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Typography color="text.secondary">
        We sent a {VERIFICATION_CODE_LENGTH}-digit code to <strong>{username}</strong>. Enter it here to
        verify your e-mail address.
      </Typography>
      <FormTextField
        control={control}
        name="code"
        label="Verification code"
        autoComplete="one-time-code"
        autoFocus
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: VERIFICATION_CODE_LENGTH } }}
      />
      <SubmitButton submitting={formState.isSubmitting}>Verify</SubmitButton>
      <Button fullWidth onClick={resendCode} disabled={resend.isPending} sx={{ mt: 1 }}>
        Send the code again
      </Button>
    </Box>
  );
}
