import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MAX_BETA_DISCOUNT_PERCENT, ROLL_RESOLUTIONS } from '@wiggle/common/constants';
import {
  type AdminPackage,
  discountedCents,
  type PackageInput,
  packageInputSchema,
} from '@wiggle/common/schemas/admin-shop';
import { type FormEvent, useState } from 'react';
import { formatPrice } from '../../../lib/format';
import { schemaFieldErrors } from '../schema-errors';

interface PackageDialogProps {
  /** The package to edit; none: a new one. */
  initial: AdminPackage | null;
  busy: boolean;
  serverErrors: Record<string, string>;
  onSubmit: (input: PackageInput) => void;
  onClose: () => void;
}

const numberOrText = (text: string) =>
  text.trim() === '' || Number.isNaN(Number(text)) ? text : Number(text);

/** Creates or edits a package; the common schema checks it with the server's words (discount ≤ 40 %). */
export function PackageDialog({ initial, busy, serverErrors, onSubmit, onClose }: PackageDialogProps) {
  const [form, setForm] = useState({
    name: initial?.name ?? '',
    description: initial?.description ?? '',
    credits: String(initial?.credits ?? 10),
    maxResolution: String(initial?.maxResolution ?? 1920),
    price: String(initial?.fullPrice ?? ''),
    discountPercent: String(initial?.discountPercent ?? 0),
    validityDays: initial?.validityDays ? String(initial.validityDays) : '',
    isPublic: initial?.isPublic ?? true,
    isActive: initial?.isActive ?? true,
  });
  const [touched, setTouched] = useState(false);
  const input = {
    ...form,
    credits: numberOrText(form.credits),
    maxResolution: numberOrText(form.maxResolution),
    price: numberOrText(form.price),
    discountPercent: numberOrText(form.discountPercent),
    validityDays: form.validityDays.trim() === '' ? null : numberOrText(form.validityDays),
  };
  const parsed = packageInputSchema.safeParse(input);
  const errors = { ...serverErrors, ...(touched && !parsed.success ? schemaFieldErrors(parsed.error) : {}) };
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));
  const field = (key: keyof typeof form, label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={form[key]}
      onChange={set(key)}
      error={Boolean(errors[key])}
      helperText={errors[key] ?? ' '}
      size="small"
      fullWidth
      {...extra}
    />
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (parsed.success) onSubmit(input as PackageInput);
  };
  const current = parsed.success
    ? discountedCents(Math.round(parsed.data.price * 100), parsed.data.discountPercent) / 100
    : null;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{initial ? `Edit package ${initial.name}` : 'New package'}</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            {field('name', 'Name', { required: true, autoFocus: true })}
            {field('description', 'Description', { multiline: true, minRows: 2 })}
            <Stack direction="row" spacing={2}>
              {field('credits', 'Frames', { type: 'number' })}
              {field('maxResolution', 'Max resolution (px)', {
                select: true,
                children: ROLL_RESOLUTIONS.map((size) => (
                  <MenuItem key={size} value={String(size)}>
                    {size}
                  </MenuItem>
                )),
              })}
            </Stack>
            <Stack direction="row" spacing={2}>
              {field('price', 'Full price (US$)', {
                type: 'number',
                slotProps: { htmlInput: { step: '0.01', min: 0 } },
              })}
              {field('discountPercent', `Discount % (max ${MAX_BETA_DISCOUNT_PERCENT})`, {
                type: 'number',
                slotProps: { htmlInput: { min: 0, max: MAX_BETA_DISCOUNT_PERCENT } },
              })}
              {field('validityDays', 'Valid for days (empty: forever)', { type: 'number' })}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              Current price: {current === null ? '—' : formatPrice(current)}
            </Typography>
            <Stack direction="row" spacing={2}>
              <FormControlLabel
                control={
                  <Switch
                    checked={form.isPublic}
                    onChange={(e) => setForm((f) => ({ ...f, isPublic: e.target.checked }))}
                  />
                }
                label="Public"
              />
              <FormControlLabel
                control={
                  <Switch
                    checked={form.isActive}
                    onChange={(e) => setForm((f) => ({ ...f, isActive: e.target.checked }))}
                  />
                }
                label="Active"
              />
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {initial ? 'Save' : 'Create'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
