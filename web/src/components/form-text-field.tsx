import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { HTMLInputTypeAttribute, ReactNode } from 'react';
import { useId } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

interface FormTextFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
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
 * An outlined MUI text field bound to react-hook-form that shows the schema's message under the field. Built from
 * FormControl, InputLabel and OutlinedInput rather than TextField, which also bundles Select, Menu and the filled
 * and standard inputs into every page with a form (the login page among them).
 */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  label,
  helperText,
  slotProps,
  ...props
}: FormTextFieldProps<T>) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const message = fieldState.error?.message ?? helperText;
        return (
          <FormControl fullWidth margin="normal" error={fieldState.invalid} variant="outlined">
            <InputLabel htmlFor={id}>{label}</InputLabel>
            <OutlinedInput
              {...props}
              id={id}
              label={label}
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              inputProps={slotProps?.htmlInput}
              aria-describedby={message ? `${id}-helper-text` : undefined}
            />
            {message && <FormHelperText id={`${id}-helper-text`}>{message}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}
