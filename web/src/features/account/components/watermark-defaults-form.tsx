import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Messages } from '@wiggle/common/messages';
import { type Watermarks, WatermarksSchema } from '@wiggle/common/schemas/gallery';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { errorMessage } from '../../../lib/api-client';
import { notify, showSnackbar } from '../../../lib/stores/notification';
import { useUpdateWatermarkDefaults } from '../api/watermarks';
import { applyServerFieldErrors } from './server-field-errors';

const FIELDS = [
  ['video', 'Video watermark', 'On the videos you export.'],
  ['iframe', 'Iframe watermark', 'On your wiggles embedded in other sites.'],
  ['share', 'Share watermark', 'On wiggles opened through a share link.'],
] as const;

/**
 * SPEC §3 profile: the member's default watermarks for video, iframe and share. Empty means none; a wiggle may
 * choose its own in the gallery. The server draws them into the frames (the engine's pipeline), never the browser.
 */
export function WatermarkDefaultsForm({ defaults }: { defaults: Watermarks }) {
  const update = useUpdateWatermarkDefaults();
  const { control, handleSubmit, formState, setError } = useForm<Watermarks>({
    resolver: zodResolver(WatermarksSchema) as never,
    defaultValues: defaults,
  });
  const submit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      notify('Your watermarks are saved.', 'success');
    } catch (error) {
      if (!applyServerFieldErrors(error, setError))
        showSnackbar(errorMessage(error, Messages.generic), 'error');
    }
  });
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Default watermarks">
      <Typography color="text.secondary" variant="body2">
        Text drawn into your wiggles where others see them. Leave a field empty for none.
      </Typography>
      {FIELDS.map(([name, label, helper]) => (
        <FormTextField
          key={name}
          control={control}
          name={name}
          label={label}
          helperText={helper}
          slotProps={{ htmlInput: { maxLength: 255 } }}
        />
      ))}
      <Button type="submit" variant="contained" disabled={formState.isSubmitting} sx={{ mt: 2 }}>
        Save watermarks
      </Button>
    </Box>
  );
}
