import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  type CouponCreated,
  type CouponCreateInput,
  couponCreateSchema,
} from '@wiggle/common/schemas/admin-shop';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { copyToClipboard } from '../../lib/clipboard';
import { showSnackbar } from '../../lib/stores/notification';
import { usePageTitle } from '../../lib/use-page-title';
import { shopAdminApi } from './api/shop-api';
import { downloadCouponCodes } from './download-codes';
import { schemaFieldErrors, serverFieldErrors } from './schema-errors';

const EMPTY = { name: '', amount: '100', codes: '1', packageId: '' };
const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** /admin/coupon/create: name, amount, number of codes and content (a package); then the codes, to copy or download. */
export function CouponCreatePage() {
  usePageTitle('Admin · Create coupon');
  const packages = useQuery({ queryKey: ['admin', 'packages'], queryFn: shopAdminApi.packages });
  const [form, setForm] = useState(EMPTY);
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<(CouponCreated & { name: string }) | null>(null);
  const input: CouponCreateInput = {
    name: form.name,
    amount: toNumber(form.amount),
    codes: toNumber(form.codes),
    packageId: toNumber(form.packageId),
  };
  const parsed = couponCreateSchema.safeParse(input);
  const errors = { ...serverErrors, ...(touched && !parsed.success ? schemaFieldErrors(parsed.error) : {}) };
  const create = useMutation({
    mutationFn: shopAdminApi.createCoupon,
    onSuccess: (answer) => setCreated({ ...answer, name: input.name.trim() }),
    onError: (error) => {
      setServerErrors(serverFieldErrors(error));
      showSnackbar(errorMessage(error, 'The coupon could not be created.'), 'error');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setServerErrors({});
    if (parsed.success) create.mutate(input);
  };
  const set = (key: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));
  const helper = (key: string, fallback = ' ') => ({
    error: Boolean(errors[key]),
    helperText: errors[key] ?? fallback,
  });

  if (created) {
    return (
      <Paper sx={{ p: 2 }}>
        <Typography variant="h5" component="h1" gutterBottom>
          Admin · Coupon {created.name} created
        </Typography>
        <Typography gutterBottom>
          {created.codes.length === 1 ? 'Its code:' : `Its ${created.codes.length} codes:`}
        </Typography>
        <Box
          component="pre"
          aria-label="Coupon codes"
          sx={{
            fontFamily: 'monospace',
            fontSize: '1rem',
            bgcolor: 'grey.100',
            p: 2,
            maxHeight: 360,
            overflow: 'auto',
          }}
        >
          {created.codes.join('\n')}
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={() => void copyToClipboard(created.codes.join('\n'))}>
            Copy codes
          </Button>
          <Button variant="outlined" onClick={() => void downloadCouponCodes(created.id)}>
            Download CSV
          </Button>
          <Button
            onClick={() => {
              setCreated(null);
              setForm(EMPTY);
              setTouched(false);
            }}
          >
            Create another
          </Button>
          <Button component={RouterLink} to="/admin/coupon">
            All coupons
          </Button>
        </Stack>
      </Paper>
    );
  }

  return (
    <Paper sx={{ p: 2, maxWidth: 640 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Admin · Create coupon
      </Typography>
      <form onSubmit={submit} noValidate>
        <Stack spacing={1}>
          <TextField
            label="Name"
            value={form.name}
            onChange={set('name')}
            required
            size="small"
            {...helper('name')}
          />
          <TextField
            label="Amount"
            type="number"
            value={form.amount}
            onChange={set('amount')}
            size="small"
            {...helper('amount', 'Redemptions in total; each member redeems a coupon once.')}
          />
          <TextField
            label="Number of codes"
            type="number"
            value={form.codes}
            onChange={set('codes')}
            size="small"
            {...helper('codes', 'Any code works until the amount is used up.')}
          />
          <TextField
            select
            label="Content (package)"
            value={form.packageId}
            onChange={set('packageId')}
            size="small"
            {...helper('packageId', 'The roll each redemption grants.')}
          >
            {(packages.data?.items ?? []).map((p) => (
              <MenuItem key={p.id} value={String(p.id)}>
                {p.name}: {p.credits} frames up to {p.maxResolution} px
                {p.isActive && p.isPublic ? '' : ' (not in the shop)'}
              </MenuItem>
            ))}
          </TextField>
          <Box>
            <Button type="submit" variant="contained" disabled={create.isPending}>
              Create coupon
            </Button>
          </Box>
        </Stack>
      </form>
    </Paper>
  );
}
