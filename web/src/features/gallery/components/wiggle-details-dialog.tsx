import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Messages } from '@wiggle/common/messages';
import {
  DESCRIPTION_MAX_LENGTH,
  type GalleryWiggle,
  galleryDownloadUrl,
  galleryImageUrl,
} from '@wiggle/common/schemas/gallery';
import { useState } from 'react';
import { apiUrl, errorMessage } from '../../../lib/api-client';
import { copyToClipboard } from '../../../lib/clipboard';
import { useUpdateGalleryWiggle } from '../api/wiggles';
import { wiggleEmbedCode } from '../public-urls';
import { ShareLinksPanel } from './share-links-panel';
import { WiggleVideoSection } from './wiggle-video-section';
import { WiggleWatermarkFields } from './wiggle-watermark-fields';

type Flag = 'allowShare' | 'allowLinkToAlbum' | 'showInFeed';
const FLAGS: [Flag, string][] = [
  ['allowShare', 'Allow share links'],
  ['allowLinkToAlbum', 'Link to its album from the public page'],
  ['showInFeed', 'Show in the public feed'],
];

/** One gallery wiggle: name, description, visibility choices, share links, embed code and downloads. */
export function WiggleDetailsDialog({ wiggle, onClose }: { wiggle: GalleryWiggle; onClose: () => void }) {
  const update = useUpdateGalleryWiggle();
  const [current, setCurrent] = useState(wiggle);
  const [name, setName] = useState(wiggle.name);
  const [description, setDescription] = useState(wiggle.description);
  const save = (
    body: Partial<Pick<GalleryWiggle, 'name' | 'description' | Flag | 'iframeWatermark' | 'shareWatermark'>>,
  ) => update.mutate({ id: wiggle.id, ...body }, { onSuccess: setCurrent });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{current.name}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Box
          component="img"
          src={apiUrl(galleryImageUrl(wiggle.id, 'left', 'f'))}
          alt={current.name}
          sx={{ maxWidth: '100%', maxHeight: 360, objectFit: 'contain', bgcolor: 'grey.100' }}
        />
        <TextField
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          onBlur={() => name.trim() && name.trim() !== current.name && save({ name: name.trim() })}
        />
        <TextField
          label="Description"
          multiline
          minRows={2}
          value={description}
          slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX_LENGTH } }}
          onChange={(event) => setDescription(event.target.value)}
          onBlur={() => description !== current.description && save({ description })}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          {FLAGS.map(([flag, label]) => (
            <FormControlLabel
              key={flag}
              label={label}
              control={
                <Switch
                  checked={current[flag]}
                  onChange={(event) => save({ [flag]: event.target.checked })}
                />
              }
            />
          ))}
        </Box>
        <WiggleWatermarkFields wiggle={current} onSave={save} />
        {update.isError ? (
          <Typography color="error">{errorMessage(update.error, Messages.generic)}</Typography>
        ) : null}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="outlined"
            onClick={() => void copyToClipboard(wiggleEmbedCode(wiggle.id, current.name))}
          >
            Copy embed code
          </Button>
          <Button variant="outlined" href={apiUrl(galleryDownloadUrl(wiggle.id, 'original'))} download>
            Download original
          </Button>
          {wiggle.hasInBetweens ? (
            <Button variant="outlined" href={apiUrl(galleryDownloadUrl(wiggle.id, 'enhanced'))} download>
              Download enhanced
            </Button>
          ) : null}
        </Box>
        <WiggleVideoSection wiggle={current} onStored={setCurrent} />
        {current.allowShare ? <ShareLinksPanel target={{ wiggleId: wiggle.id }} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
