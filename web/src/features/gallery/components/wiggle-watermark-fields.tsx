import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GalleryWiggle } from '@wiggle/common/schemas/gallery';
import { useState } from 'react';

type WatermarkField = 'iframeWatermark' | 'shareWatermark';
type Choice = 'default' | 'none' | 'custom';

const FIELDS: [WatermarkField, string][] = [
  ['iframeWatermark', 'Iframe watermark'],
  ['shareWatermark', 'Share watermark'],
];

/** The stored value's meaning (SPEC §3 wiggle: iframe and share watermarks): null = the member's default, '' = none. */
const choiceOf = (value: string | null): Choice =>
  value === null ? 'default' : value === '' ? 'none' : 'custom';

interface WiggleWatermarkFieldsProps {
  wiggle: Pick<GalleryWiggle, WatermarkField>;
  onSave: (change: Partial<Record<WatermarkField, string | null>>) => void;
}

/** The wiggle's own watermark choice for embeds and for share links: the account's default, none, or its own text. */
export function WiggleWatermarkFields({ wiggle, onSave }: WiggleWatermarkFieldsProps) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1.5 }}>
        Watermarks
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {FIELDS.map(([field, label]) => (
          <WatermarkChoice
            key={field}
            label={label}
            value={wiggle[field]}
            onSave={(v) => onSave({ [field]: v })}
          />
        ))}
      </Box>
    </Box>
  );
}

function WatermarkChoice(props: {
  label: string;
  value: string | null;
  onSave: (value: string | null) => void;
}) {
  const [choice, setChoice] = useState<Choice>(choiceOf(props.value));
  const [text, setText] = useState(props.value ?? '');
  const choose = (next: Choice) => {
    setChoice(next);
    if (next === 'default') props.onSave(null);
    else if (next === 'none') props.onSave('');
    else if (text.trim()) props.onSave(text.trim());
  };
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <TextField
        select
        size="small"
        label={props.label}
        value={choice}
        onChange={(event) => choose(event.target.value as Choice)}
      >
        <MenuItem value="default">My default (account)</MenuItem>
        <MenuItem value="none">None</MenuItem>
        <MenuItem value="custom">Own text</MenuItem>
      </TextField>
      {choice === 'custom' ? (
        <TextField
          size="small"
          label={`${props.label} text`}
          value={text}
          slotProps={{ htmlInput: { maxLength: 255 } }}
          onChange={(event) => setText(event.target.value)}
          onBlur={() => text.trim() && text.trim() !== props.value && props.onSave(text.trim())}
        />
      ) : null}
    </Box>
  );
}
