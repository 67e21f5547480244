import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Messages } from '@wiggle/common/messages';
import { ItemNameSchema } from '@wiggle/common/schemas/library';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { copyToClipboard } from '../../../lib/clipboard';
import { type ShareTarget, useCreateShareLink, useShareLinks, useUpdateShareLink } from '../api/share-links';

const WEEK_MS = 7 * 86_400_000;
/** A `datetime-local` value (local time, minutes) and back. */
const toLocalInput = (date: Date) =>
  new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
const fromLocalInput = (value: string) => new Date(value).toISOString();

/** Share links of one wiggle or album: several at once, each copied, deactivated or re-dated on its own. */
export function ShareLinksPanel({ target }: { target: ShareTarget }) {
  const links = useShareLinks(target);
  const create = useCreateShareLink(target);
  const update = useUpdateShareLink(target);
  const [name, setName] = useState('');
  const [validUntil, setValidUntil] = useState(() => toLocalInput(new Date(Date.now() + WEEK_MS)));
  const nameCheck = ItemNameSchema.safeParse(name);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!nameCheck.success || !validUntil) return;
    create.mutate(
      { name: nameCheck.data, validUntil: fromLocalInput(validUntil) },
      { onSuccess: (link) => void copyToClipboard(link.url) },
    );
    setName('');
  };
  const now = Date.now();

  return (
    <Box>
      <Typography variant="subtitle2" component="h3">
        Share links
      </Typography>
      <Box
        component="form"
        onSubmit={submit}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start', my: 1 }}
      >
        <TextField
          size="small"
          label="Link name (only you see it)"
          value={name}
          onChange={(event) => setName(event.target.value)}
          sx={{ flex: 1, minWidth: 180 }}
        />
        <TextField
          size="small"
          type="datetime-local"
          label="Valid until"
          value={validUntil}
          onChange={(event) => setValidUntil(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button type="submit" variant="contained" disabled={!nameCheck.success || create.isPending}>
          Create link
        </Button>
      </Box>
      {create.isError ? (
        <Typography color="error">{errorMessage(create.error, Messages.generic)}</Typography>
      ) : null}
      <List dense aria-label="Share links">
        {(links.data ?? []).map((link) => {
          const expired = !link.isActive || new Date(link.validUntil).getTime() <= now;
          return (
            <ListItem
              key={link.id}
              secondaryAction={
                <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
                  <Tooltip title="Copy link">
                    <IconButton
                      aria-label={`Copy ${link.name}`}
                      onClick={() => void copyToClipboard(link.url)}
                    >
                      <ContentCopyIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Button
                    size="small"
                    onClick={() => update.mutate({ id: link.id, isActive: !link.isActive })}
                  >
                    {link.isActive ? 'Deactivate' : 'Activate'}
                  </Button>
                  <TextField
                    size="small"
                    type="datetime-local"
                    aria-label={`Valid until for ${link.name}`}
                    value={toLocalInput(new Date(link.validUntil))}
                    onChange={(event) =>
                      event.target.value &&
                      update.mutate({ id: link.id, validUntil: fromLocalInput(event.target.value) })
                    }
                    sx={{ width: 200 }}
                  />
                </Box>
              }
              sx={{ pr: 48 }}
            >
              <ListItemText
                primary={
                  <>
                    {link.name}{' '}
                    <Chip
                      size="small"
                      label={expired ? 'expired' : 'active'}
                      color={expired ? 'default' : 'success'}
                    />
                  </>
                }
                secondary={link.url}
                slotProps={{ secondary: { noWrap: true } }}
              />
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}
