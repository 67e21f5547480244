import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  SUBFOLDER_NAME_TEMPLATES,
  WIGGLE_CREATE_MAX_ORIGINALS,
  WIGGLE_CREATE_MAX_WIGGLES,
} from '@wiggle/common/constants';
import { PAIRINGS, type Pairing, STACKINGS, type Stacking } from '@wiggle/common/enums';
import type { CreateWigglesResponse, Original } from '@wiggle/common/schemas/library';
import { errorMessage } from '../../../lib/api-client';
import { useSetting } from '../../../lib/stores/settings';
import { useCreateWiggles } from '../api/create-wiggles';
import { createSelectionProblem, plannedWiggleCount } from '../logic/pairing-preview';
import { ChoiceField } from './choice-field';

const PAIRING_LABELS: Record<Pairing, string> = {
  adjacent: 'Adjacent: 1+2, 3+4, …',
  'not-adjacent': 'Not adjacent: first half with second half (1+4, 2+5, 3+6)',
  all: 'All: every possible pair',
  asSideBySide: 'As side-by-side: each original is a left|right image',
  sideBySideOriginals: 'Side-by-side originals: split each into left and right originals, then pair',
};
const STACKING_LABELS: Record<Stacking, string> = {
  standard: 'Standard (as photographed)',
  'auto-align': 'Auto-align',
  both: 'Both (one standard and one auto-aligned)',
};

interface CreateWiggleDialogProps {
  /** The selected originals in list order; pairing follows this order. */
  originals: readonly Original[];
  folderId: number | null;
  onCreated: (answer: CreateWigglesResponse) => void;
  onClose: () => void;
}

/** Creates wiggles from the selection with the member's last options (SPEC "create options" setting). */
export function CreateWiggleDialog({ originals, folderId, onCreated, onClose }: CreateWiggleDialogProps) {
  const [options, setOptions] = useSetting('createOptions');
  const create = useCreateWiggles();
  const template = (SUBFOLDER_NAME_TEMPLATES as readonly string[]).includes(options.subfolderNameTemplate)
    ? (options.subfolderNameTemplate as (typeof SUBFOLDER_NAME_TEMPLATES)[number])
    : SUBFOLDER_NAME_TEMPLATES[0];
  const count = originals.length;
  const wiggles = plannedWiggleCount(options.pairing, options.stacking, count);
  const problem = createSelectionProblem(options.pairing, options.stacking, count);

  const submit = () => {
    create.mutate(
      {
        originalIds: originals.map((o) => o.id),
        pairing: options.pairing,
        stacking: options.stacking,
        target: options.target,
        subfolderTemplate: template,
        folderId,
      },
      { onSuccess: onCreated },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Create wiggle</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <ChoiceField
            label="Pairing"
            value={options.pairing}
            choices={PAIRINGS}
            labels={PAIRING_LABELS}
            onChange={(pairing) => setOptions({ ...options, pairing })}
          />
          <ChoiceField
            label="Stacking"
            value={options.stacking}
            choices={STACKINGS}
            labels={STACKING_LABELS}
            onChange={(stacking) => setOptions({ ...options, stacking })}
          />
          <FormControl>
            <FormLabel id="create-target">Put the new wiggles in</FormLabel>
            <RadioGroup
              aria-labelledby="create-target"
              value={options.target}
              onChange={(event) =>
                setOptions({ ...options, target: event.target.value as 'subfolder' | 'current' })
              }
            >
              <FormControlLabel value="subfolder" control={<Radio />} label="A new subfolder" />
              <FormControlLabel value="current" control={<Radio />} label="The current folder" />
            </RadioGroup>
          </FormControl>
          {options.target === 'subfolder' ? (
            <TextField
              select
              label="Subfolder name"
              value={template}
              onChange={(event) => setOptions({ ...options, subfolderNameTemplate: event.target.value })}
            >
              {SUBFOLDER_NAME_TEMPLATES.map((t) => (
                <MenuItem key={t} value={t}>
                  {t === '%first% - %last%'
                    ? '%first% - %last% (names of the first and last original)'
                    : `${t} (now)`}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          <Typography color="text.secondary">
            {count} original{count === 1 ? '' : 's'} selected (at most {WIGGLE_CREATE_MAX_ORIGINALS}) →{' '}
            <strong>
              {wiggles} wiggle{wiggles === 1 ? '' : 's'}
            </strong>{' '}
            (at most {WIGGLE_CREATE_MAX_WIGGLES}).
          </Typography>
          {problem ? <Alert severity="warning">{problem}</Alert> : null}
          {create.isError ? (
            <Alert severity="error">{errorMessage(create.error, 'The wiggles could not be created.')}</Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={problem !== null || create.isPending} onClick={submit}>
          Create {wiggles > 0 ? wiggles : ''} wiggle{wiggles === 1 ? '' : 's'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
