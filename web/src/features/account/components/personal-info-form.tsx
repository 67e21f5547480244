import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import { TEXT_MAX_LENGTH } from '@wiggle/common/constants';
import { Messages } from '@wiggle/common/messages';
import { type Profile, profileUpdateSchema } from '@wiggle/common/schemas/account';
import { Controller, useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { errorMessage } from '../../../lib/api-client';
import { notify, showSnackbar } from '../../../lib/stores/notification';
import { useUpdateProfile } from '../api/update-profile';
import { applyServerFieldErrors } from './server-field-errors';

interface PersonalInfoValues {
  name: string;
  aboutMe: string;
  externalLink: string;
  subscriptions: { system?: boolean; features: boolean; hints: boolean };
}

const NEWSLETTERS = [
  { key: 'features', label: 'New features' },
  { key: 'hints', label: 'Hints and tips (at most monthly)' },
] as const;

/** Name, about me, external link and newsletters; the system newsletter is mandatory (SPEC §3). */
export function PersonalInfoForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const { control, handleSubmit, formState, setError } = useForm<PersonalInfoValues>({
    resolver: zodResolver(profileUpdateSchema) as never,
    defaultValues: {
      name: profile.name,
      aboutMe: profile.aboutMe,
      externalLink: profile.externalLink,
      subscriptions: {
        system: true,
        features: profile.subscriptions.features,
        hints: profile.subscriptions.hints,
      },
    },
  });
  const submit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ ...values, subscriptions: { ...values.subscriptions, system: true } });
      notify('Your details are saved.', 'success');
    } catch (error) {
      if (!applyServerFieldErrors(error, setError))
        showSnackbar(errorMessage(error, Messages.generic), 'error');
    }
  });
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <FormTextField control={control} name="name" label="Name" autoComplete="name" />
      <FormTextField
        control={control}
        name="aboutMe"
        label="About me"
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: TEXT_MAX_LENGTH } }}
      />
      <FormTextField
        control={control}
        name="externalLink"
        label="External link"
        placeholder="https://"
        type="url"
      />
      <FormLabel component="legend" sx={{ mt: 2 }}>
        Newsletters
      </FormLabel>
      <FormGroup>
        <FormControlLabel control={<Checkbox checked disabled />} label="System messages (always sent)" />
        {NEWSLETTERS.map((newsletter) => (
          <Controller
            key={newsletter.key}
            control={control}
            name={`subscriptions.${newsletter.key}`}
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={field.value === true}
                    onChange={(event) => field.onChange(event.target.checked)}
                  />
                }
                label={newsletter.label}
              />
            )}
          />
        ))}
      </FormGroup>
      <Button type="submit" variant="contained" disabled={formState.isSubmitting} sx={{ mt: 2 }}>
        Save
      </Button>
    </Box>
  );
}
