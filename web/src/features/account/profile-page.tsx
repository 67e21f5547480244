import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Messages } from '@wiggle/common/messages';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../lib/use-page-title';
import { useProfile } from './api/profile';
import { AvatarUpload } from './components/avatar-upload';
import { ChangePasswordForm } from './components/change-password-form';
import { PersonalInfoForm } from './components/personal-info-form';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" sx={{ p: { xs: 2.5, sm: 3 } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** /account/profile: personal info and password now; the shop's parts arrive with the shop. */
export function ProfilePage() {
  usePageTitle('My account');
  const profile = useProfile();
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        My account
      </Typography>
      {profile.isPending && <LinearProgress aria-label="Loading profile" />}
      {profile.isError && <Alert severity="error">{Messages.generic}</Alert>}
      {profile.data && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' },
            alignItems: 'start',
          }}
        >
          <Section title="Personal info">
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {profile.data.username}
            </Typography>
            <AvatarUpload name={profile.data.name} avatar={profile.data.avatar} />
            <PersonalInfoForm profile={profile.data} />
          </Section>
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Section title="Change password">
              <ChangePasswordForm />
            </Section>
            <Section title="Credits and purchases">
              <Typography color="text.secondary">
                Not available yet. Usage statistics, your credit balance, your purchase history and buying
                rolls come with the shop in a later update.
              </Typography>
            </Section>
          </Box>
        </Box>
      )}
    </Box>
  );
}
