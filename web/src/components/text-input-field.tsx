import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { ChangeEventHandler, FocusEventHandler, HTMLInputTypeAttribute, ReactNode, Ref } from 'react';
import { useId } from 'react';

export interface TextInputFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  inputRef?: Ref<HTMLInputElement>;
  /** The validation message; the field shows as invalid while there is one. */
  error?: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  autoFocus?: boolean;
  placeholder?: string;
  helperText?: ReactNode;
  multiline?: boolean;
  minRows?: number;
  slotProps?: { htmlInput?: InputBaseComponentProps };
}

/**
 * An outlined MUI text field that shows its validation message (else the helper text) under the field. Built from
 * FormControl, InputLabel and OutlinedInput rather than TextField, which also bundles Select, Menu and the filled
 * and standard inputs into every page with a form (the login page among them). Plain props, no form library: the
 * login page uses it directly, the other forms through FormTextField (react-hook-form).
 */
export function TextInputField({ label, error, helperText, slotProps, ...props }: TextInputFieldProps) {
  const id = useId();
  const message = error || helperText;
  return (
    <FormControl fullWidth margin="normal" error={error !== undefined} variant="outlined">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        {...props}
        id={id}
        label={label}
        inputProps={slotProps?.htmlInput}
        aria-describedby={message ? `${id}-helper-text` : undefined}
      />
      {message && <FormHelperText id={`${id}-helper-text`}>{message}</FormHelperText>}
    </FormControl>
  );
}
