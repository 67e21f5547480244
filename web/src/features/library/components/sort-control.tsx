import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { OriginalSort, SortOrder, WiggleSort } from '@wiggle/common/enums';
import { ChoiceField } from './choice-field';

export const ORIGINAL_SORT_LABELS: Record<OriginalSort, string> = {
  name: 'Name',
  date: 'Upload date',
  width: 'Width',
  height: 'Height',
  resolution: 'Resolution',
};
export const WIGGLE_SORT_LABELS: Record<WiggleSort, string> = {
  name: 'Name',
  created: 'Created',
  lastModified: 'Last modified',
  rating: 'Rating',
};

interface SortControlProps<By extends string> {
  label: string;
  options: readonly By[];
  labels: Record<By, string>;
  value: { by: By; order: SortOrder };
  onChange: (value: { by: By; order: SortOrder }) => void;
}

export function SortControl<By extends string>({
  label,
  options,
  labels,
  value,
  onChange,
}: SortControlProps<By>) {
  const ascending = value.order === 'asc';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center' }}>
      <ChoiceField
        size="small"
        label={label}
        value={value.by}
        choices={options}
        labels={labels}
        onChange={(by) => onChange({ ...value, by })}
        sx={{ minWidth: 170 }}
      />
      <Tooltip title={ascending ? 'Ascending' : 'Descending'}>
        <IconButton
          aria-label={`${label}: ${ascending ? 'ascending' : 'descending'}, click to reverse`}
          onClick={() => onChange({ ...value, order: ascending ? 'desc' : 'asc' })}
        >
          {ascending ? <ArrowUpwardIcon fontSize="small" /> : <ArrowDownwardIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
    </Box>
  );
}
