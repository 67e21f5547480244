import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

interface FilterSelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** [value, label] pairs; "All" (the empty value) comes first. */
  options: readonly (readonly [string, string])[];
}

/** A filter of an admin table: one of a few values, or all. Wide enough for its label ("Credit status" was cut off at 140 px). */
export function FilterSelect({ label, value, onChange, options }: FilterSelectProps) {
  return (
    <TextField
      select
      label={label}
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: `max(140px, ${label.length + 6}ch)` }}
    >
      <MenuItem value="">All</MenuItem>
      {options.map(([optionValue, optionLabel]) => (
        <MenuItem key={optionValue} value={optionValue}>
          {optionLabel}
        </MenuItem>
      ))}
    </TextField>
  );
}
