import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { Messages } from '@wiggle/common/messages';
import { useRef } from 'react';
import { apiUrl } from '../../../lib/api-client';
import { notify, showSnackbar } from '../../../lib/stores/notification';
import { useUploadAvatar } from '../api/upload-avatar';

const uploadFailure = (status: unknown) =>
  status === 413
    ? 'The picture is too large.'
    : status === 415 || status === 400
      ? 'The file is not a picture we can read.'
      : Messages.generic;

export function AvatarUpload({ name, avatar }: { name: string; avatar: string | null }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const choose = (file: File | undefined) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => notify('Your picture is saved.', 'success'),
      onError: (status) => showSnackbar(uploadFailure(status), 'error'),
    });
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
      <Avatar src={avatar ? apiUrl(avatar) : undefined} alt={name} sx={{ width: 72, height: 72 }} />
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        aria-label="Avatar file"
        onChange={(event) => {
          choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <Button variant="outlined" onClick={() => input.current?.click()} disabled={upload.isPending}>
        {upload.isPending ? <CircularProgress size={20} /> : 'Upload picture'}
      </Button>
    </Box>
  );
}
