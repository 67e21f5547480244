import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Messages } from '@wiggle/common/messages';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../lib/use-page-title';
import { useProfile } from './api/profile';
import { useWatermarkDefaults } from './api/watermarks';
import { AvatarUpload } from './components/avatar-upload';
import { ShopActions } from './components/buy-rolls-section';
import { ChangePasswordForm } from './components/change-password-form';
import { CreditBalance } from './components/credit-balance';
import { PersonalInfoForm } from './components/personal-info-form';
import { PurchaseHistory } from './components/purchase-history';
import { UsageStatistics } from './components/usage-statistics';
import { WatermarkDefaultsForm } from './components/watermark-defaults-form';

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

const twoColumns = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
  alignItems: 'start',
} as const;

/** /account/profile: personal info, password, and the shop's parts, each loading (and failing) on its own. */
export function ProfilePage() {
  usePageTitle('My account');
  const profile = useProfile();
  const watermarks = useWatermarkDefaults();
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        My account
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <Box sx={twoColumns}>
          <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
            {profile.isPending && <LinearProgress aria-label="Loading profile" />}
            {profile.isError && <Alert severity="error">{Messages.generic}</Alert>}
            {profile.data && (
              <Section title="Personal info">
                <Typography color="text.secondary" sx={{ mb: 1 }}>
                  {profile.data.username}
                </Typography>
                <AvatarUpload name={profile.data.name} avatar={profile.data.avatar} />
                <PersonalInfoForm profile={profile.data} />
              </Section>
            )}
            <Section title="Default watermarks">
              {watermarks.isPending && <LinearProgress aria-label="Loading watermarks" />}
              {watermarks.isError && <Alert severity="error">{Messages.generic}</Alert>}
              {watermarks.data && <WatermarkDefaultsForm defaults={watermarks.data} />}
            </Section>
            <CreditBalance />
          </Box>
          <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
            <Section title="Buy rolls">
              <ShopActions />
            </Section>
            <UsageStatistics />
            <Section title="Change password">
              <ChangePasswordForm />
            </Section>
          </Box>
        </Box>
        <PurchaseHistory />
      </Box>
    </Box>
  );
}
