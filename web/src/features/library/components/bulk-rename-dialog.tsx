import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  RENAME_COUNTER_PLACEMENTS,
  RENAME_DIGIT_FORMATS,
  RENAME_PLACEHOLDERS,
} from '@wiggle/common/constants';
import { MoveType } from '@wiggle/common/enums';
import {
  expandRenameTemplates,
  type RenameCounterPlacement,
  type RenameSubject,
} from '@wiggle/common/rename-template';
import { BulkRenameBodySchema } from '@wiggle/common/schemas/library';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useBulkRename } from '../api/organize';
import { ChoiceField } from './choice-field';

export interface RenameTarget {
  type: typeof MoveType.Original | typeof MoveType.Wiggle;
  id: number;
  subject: RenameSubject;
}

const PREVIEW_ROWS = 8;
const COUNTER_LABELS: Record<RenameCounterPlacement, string> = {
  none: 'No counter',
  beginning: 'At the beginning',
  end: 'At the end',
};

/**
 * Renames the selection by template with a live preview computed by the same expansion the server
 * runs (common/src/rename-template.ts), so what the member sees is what they get.
 */
export function BulkRenameDialog({
  targets,
  onClose,
}: {
  targets: readonly RenameTarget[];
  onClose: () => void;
}) {
  const [template, setTemplate] = useState('%current%');
  const [counter, setCounter] = useState<RenameCounterPlacement>('none');
  const [digits, setDigits] = useState(2);
  const [start, setStart] = useState(1);
  const rename = useBulkRename();
  const options = { template, counter, digits };
  const names = expandRenameTemplates(
    options,
    targets.map((t) => t.subject),
    start,
  );
  // The server's own rule for the template (length, control and bidi characters), with its words.
  const templateError = BulkRenameBodySchema.shape.template.safeParse(template).error?.issues[0]?.message;

  const submit = async () => {
    // One call per kind, each in selection order so %index% runs the way the preview shows.
    let index = start;
    for (const type of [MoveType.Wiggle, MoveType.Original] as const) {
      const ids = targets.filter((t) => t.type === type).map((t) => t.id);
      if (ids.length === 0) continue;
      await rename.mutateAsync({ type, ids, template, counter, digits, start: index });
      index += ids.length;
    }
    onClose();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        Rename {targets.length} item{targets.length === 1 ? '' : 's'}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Name template"
            value={template}
            onChange={(event) => setTemplate(event.target.value)}
            error={!!templateError}
            helperText={
              templateError
                ? templateError
                : `Placeholders: ${RENAME_PLACEHOLDERS.join(', ')} (the original's name without extension; the running number)`
            }
          />
          <Stack direction="row" spacing={2}>
            <ChoiceField
              label="Counter"
              value={counter}
              choices={RENAME_COUNTER_PLACEMENTS}
              labels={COUNTER_LABELS}
              onChange={setCounter}
              sx={{ flex: 2 }}
            />
            <TextField
              select
              label="Digits"
              value={digits}
              onChange={(event) => setDigits(Number(event.target.value))}
              sx={{ flex: 1 }}
            >
              {RENAME_DIGIT_FORMATS.map((d) => (
                <MenuItem key={d} value={d}>
                  {d} ({'1'.padStart(d, '0')})
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Start at"
              type="number"
              value={start}
              onChange={(event) => setStart(Math.max(0, Math.floor(Number(event.target.value) || 0)))}
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { min: 0 } }}
            />
          </Stack>
          <Typography variant="subtitle2">Preview</Typography>
          <Table size="small" aria-label="Rename preview">
            <TableHead>
              <TableRow>
                <TableCell>Current name</TableCell>
                <TableCell>New name</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {targets.slice(0, PREVIEW_ROWS).map((target, i) => (
                <TableRow key={`${target.type}-${target.id}`}>
                  <TableCell sx={{ maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                    {target.subject.current}
                  </TableCell>
                  <TableCell sx={{ maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                    {names[i]}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {targets.length > PREVIEW_ROWS ? (
            <Typography variant="caption" color="text.secondary">
              … and {targets.length - PREVIEW_ROWS} more.
            </Typography>
          ) : null}
          {rename.isError ? (
            <Alert severity="error">{errorMessage(rename.error, 'Renaming failed.')}</Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!!templateError || rename.isPending}
          onClick={() => void submit().catch(() => {})}
        >
          Rename
        </Button>
      </DialogActions>
    </Dialog>
  );
}
