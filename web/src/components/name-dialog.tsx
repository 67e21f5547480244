import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { TEXT_MAX_LENGTH } from '@wiggle/common/constants';
import { ItemNameSchema } from '@wiggle/common/schemas/library';
import { type FormEvent, useState } from 'react';

interface NameDialogProps {
  title: string;
  label: string;
  initialName: string;
  submitLabel: string;
  busy: boolean;
  /** The server's refusal, shown under the field. */
  serverError: string | null;
  onSubmit: (name: string) => void;
  onClose: () => void;
}

/** Asks for one name (a new folder, a rename), checked with the common schema's words (≤ 255). */
export function NameDialog(props: NameDialogProps) {
  const [name, setName] = useState(props.initialName);
  const [touched, setTouched] = useState(false);
  const parsed = ItemNameSchema.safeParse(name);
  const localError = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  const shownError = (touched ? localError : null) ?? props.serverError;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (parsed.success) props.onSubmit(parsed.data);
  };

  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{props.title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={props.label}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setTouched(true);
            }}
            error={shownError !== null}
            helperText={shownError ?? `${name.trim().length} / ${TEXT_MAX_LENGTH}`}
            onFocus={(event) => event.target.select()}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={props.busy}>
            {props.submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
