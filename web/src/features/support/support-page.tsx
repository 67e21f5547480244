import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { SUPPORT_MESSAGE_MAX_LENGTH } from '@wiggle/common/constants';
import { Messages } from '@wiggle/common/messages';
import { type SupportInquiryInput, supportInquirySchema } from '@wiggle/common/schemas/support';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormTextField } from '../../components/form-text-field';
import { PageCard } from '../../components/page-card';
import { ApiError } from '../../lib/api-client';
import { showSnackbar } from '../../lib/stores/notification';
import { sendInquiry } from './api/send-inquiry';

/** /support/: a message to the team, up to 1000 characters (SPEC §5). */
export function SupportPage() {
  const [sent, setSent] = useState(false);
  const { control, handleSubmit, formState, reset } = useForm<SupportInquiryInput>({
    resolver: zodResolver(supportInquirySchema) as never,
    defaultValues: { message: '' },
  });
  const message = useWatch({ control, name: 'message' }) ?? '';
  const submit = handleSubmit(async (values) => {
    try {
      await sendInquiry(values);
      reset({ message: '' });
      setSent(true);
    } catch (error) {
      const tooMany = error instanceof ApiError && error.status === 429 && error.error?.message;
      showSnackbar(tooMany || Messages.supportFailed, 'error');
    }
  });
  return (
    <PageCard title="Support" maxWidth={640}>
      {sent ? (
        <>
          <Alert severity="success" sx={{ mb: 2 }}>
            Thank you, your message has been sent. We will answer by e-mail.
          </Alert>
          <Button onClick={() => setSent(false)}>Write another message</Button>
        </>
      ) : (
        <Box component="form" noValidate onSubmit={submit}>
          <Box sx={{ color: 'text.secondary' }}>
            Questions, problems or ideas? Write to us and we will answer by e-mail.
          </Box>
          <FormTextField
            control={control}
            name="message"
            label="Message"
            multiline
            minRows={6}
            helperText={`${message.length} / ${SUPPORT_MESSAGE_MAX_LENGTH}`}
            slotProps={{ htmlInput: { maxLength: SUPPORT_MESSAGE_MAX_LENGTH } }}
          />
          <Button type="submit" variant="contained" disabled={formState.isSubmitting} sx={{ mt: 1 }}>
            Send
          </Button>
        </Box>
      )}
    </PageCard>
  );
}
