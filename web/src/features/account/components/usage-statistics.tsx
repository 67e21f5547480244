import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Messages } from '@wiggle/common/messages';
import { formatBytes } from '../../../lib/format';
import { useUsageStatistics } from '../api/shop-account';
import { AccountSection } from './account-section';

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Box>
      <Typography variant="h5" component="p" sx={{ fontWeight: 500 }}>
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

export function UsageStatistics() {
  const statistics = useUsageStatistics();
  return (
    <AccountSection title="Usage statistics" query={statistics} errorMessage={Messages.statisticsLoadFailed}>
      {(s) => (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))' }}>
          <Figure label="Originals" value={s.originalsCount} />
          <Figure label="Originals size" value={formatBytes(s.originalsSize)} />
          <Figure label="Wiggles in library" value={s.wigglesInLibrary} />
          <Figure label="Wiggles in gallery" value={s.wigglesInGallery} />
          <Figure label="Frames spent" value={s.framesSpent} />
        </Box>
      )}
    </AccountSection>
  );
}
