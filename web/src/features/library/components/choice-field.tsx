import MenuItem from '@mui/material/MenuItem';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';

/** A select among fixed string choices, each shown by its label; typed by the union of the choices. */
export function ChoiceField<T extends string>({
  label,
  value,
  choices,
  labels,
  onChange,
  size = 'medium',
  sx,
}: {
  label: string;
  value: T;
  choices: readonly T[];
  labels: Record<T, string>;
  onChange: (value: T) => void;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      select
      size={size}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as T)}
      sx={sx}
    >
      {choices.map((choice) => (
        <MenuItem key={choice} value={choice}>
          {labels[choice]}
        </MenuItem>
      ))}
    </TextField>
  );
}
