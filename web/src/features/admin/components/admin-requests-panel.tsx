import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@wiggle/common/schemas/admin';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useAuthStore } from '../../../lib/stores/auth';
import { showSnackbar } from '../../../lib/stores/notification';
import { contentApi } from '../api/content-api';

export const ADMIN_REQUESTS_KEY = ['admin', 'requests'];

/**
 * The second-admin rule on /admin/user: requests to block or delete an admin wait here until a different admin
 * (not the one who asked, not the target) confirms them.
 */
export function AdminRequestsPanel({ onConfirmed }: { onConfirmed: (user: AdminUser) => void }) {
  const me = useAuthStore((state) => state.username);
  const queryClient = useQueryClient();
  const requests = useQuery({ queryKey: ADMIN_REQUESTS_KEY, queryFn: contentApi.requests });
  const [busy, setBusy] = useState<number | null>(null);
  const confirm = async (id: number) => {
    setBusy(id);
    try {
      const user = await contentApi.confirmRequest(id);
      onConfirmed(user);
      showSnackbar(`${user.email}: confirmed.`, 'success');
    } catch (error) {
      showSnackbar(errorMessage(error, 'The confirmation failed.'), 'error');
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: ADMIN_REQUESTS_KEY });
    }
  };
  const items = requests.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mb: 2 }}>
      {items.map((request) => {
        const mine = request.requestedBy.email === me;
        const aboutMe = request.target.email === me;
        return (
          <Alert
            key={request.id}
            severity="warning"
            action={
              mine || aboutMe ? undefined : (
                <Button
                  color="inherit"
                  size="small"
                  disabled={busy === request.id}
                  onClick={() => void confirm(request.id)}
                >
                  Confirm
                </Button>
              )
            }
          >
            {request.requestedBy.email} asks to {request.action} the admin {request.target.email}
            {mine ? ': waiting for a second admin.' : aboutMe ? ' (you).' : '.'}
          </Alert>
        );
      })}
    </Box>
  );
}
