import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Messages } from '@wiggle/common/messages';
import type { CreditStatus } from '@wiggle/common/schemas/shop';
import { formatDate } from '../../../lib/format';
import { useCredits } from '../api/shop-account';
import { AccountSection } from './account-section';

const STATUS_COLOR: Record<CreditStatus, 'success' | 'default' | 'warning'> = {
  Available: 'success',
  NotAvailable: 'default',
  Drained: 'default',
  Expired: 'warning',
};

export function CreditStatusChip({ status }: { status: CreditStatus }) {
  return <Chip size="small" variant="outlined" color={STATUS_COLOR[status]} label={status} />;
}

/** Every roll: resolution, frames left of all, credit status, expiry; the spendable total on top. */
export function CreditBalance() {
  const credits = useCredits();
  return (
    <AccountSection title="Credit balance" query={credits} errorMessage={Messages.creditsLoadFailed}>
      {({ rolls }) =>
        rolls.length === 0 ? (
          <Typography color="text.secondary">No frames yet. Buy a roll or redeem a coupon.</Typography>
        ) : (
          <>
            <Typography sx={{ mb: 1 }} data-testid="frames-available">
              {rolls.filter((r) => r.creditStatus === 'Available').reduce((sum, r) => sum + r.creditsLeft, 0)}{' '}
              frames available
            </Typography>
            <TableContainer>
              <Table size="small" aria-label="Rolls">
                <TableHead>
                  <TableRow>
                    <TableCell>Resolution</TableCell>
                    <TableCell align="right">Frames left</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell>Expires</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rolls.map((roll) => (
                    <TableRow key={roll.purchaseId} data-testid={`roll-${roll.purchaseId}`}>
                      <TableCell>{roll.maxResolution} px</TableCell>
                      <TableCell align="right">
                        {roll.creditsLeft} / {roll.credits}
                      </TableCell>
                      <TableCell>
                        <CreditStatusChip status={roll.creditStatus} />
                      </TableCell>
                      <TableCell>{roll.expiresAt ? formatDate(roll.expiresAt) : 'Never'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </>
        )
      }
    </AccountSection>
  );
}
