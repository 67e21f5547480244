import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { MoveType } from '@wiggle/common/enums';
import { Messages } from '@wiggle/common/messages';
import type { Album, GalleryWiggle } from '@wiggle/common/schemas/gallery';
import { FolderPickerDialog } from '../../../components/folder-picker-dialog';
import { NameDialog } from '../../../components/name-dialog';
import { errorMessage } from '../../../lib/api-client';
import type { DraggedItems } from '../../../lib/drag-items';
import { subtreeIds } from '../../../lib/folder-tree';
import { getSetting } from '../../../lib/stores/settings';
import { useCreateAlbum, useUpdateAlbum } from '../api/albums';
import { ShareLinksPanel } from './share-links-panel';
import { WiggleDetailsDialog } from './wiggle-details-dialog';

export type GalleryDialog =
  | { kind: 'none' }
  | { kind: 'new-album'; parentId: number | null }
  | { kind: 'rename'; album: Album }
  | { kind: 'share'; album: Album }
  | { kind: 'wiggle'; wiggle: GalleryWiggle }
  | { kind: 'pick-target'; copy: boolean; groups: DraggedItems[] };

interface GalleryDialogsProps {
  dialog: GalleryDialog;
  albums: readonly Album[];
  onClose: () => void;
  onAlbumCreated: (album: Album) => void;
  onPicked: (groups: DraggedItems[], targetAlbumId: number | null, copy: boolean) => void;
}

/** The gallery screen's dialogs: new album, rename, share an album, a wiggle's details, move/copy target. */
export function GalleryDialogs({ dialog, albums, onClose, onAlbumCreated, onPicked }: GalleryDialogsProps) {
  const createAlbum = useCreateAlbum();
  const updateAlbum = useUpdateAlbum();
  switch (dialog.kind) {
    case 'none':
      return null;
    case 'new-album':
      return (
        <NameDialog
          title="New album"
          label="Album name"
          initialName=""
          submitLabel="Create"
          busy={createAlbum.isPending}
          serverError={createAlbum.isError ? errorMessage(createAlbum.error, Messages.generic) : null}
          onClose={onClose}
          onSubmit={(name) =>
            createAlbum.mutate(
              { name, parentId: dialog.parentId },
              {
                onSuccess: (created) => {
                  onAlbumCreated(created);
                  onClose();
                },
              },
            )
          }
        />
      );
    case 'rename':
      return (
        <NameDialog
          title="Rename album"
          label="Album name"
          initialName={dialog.album.name}
          submitLabel="Rename"
          busy={updateAlbum.isPending}
          serverError={updateAlbum.isError ? errorMessage(updateAlbum.error, Messages.generic) : null}
          onClose={onClose}
          onSubmit={(name) => updateAlbum.mutate({ id: dialog.album.id, name }, { onSuccess: onClose })}
        />
      );
    case 'share':
      return (
        <Dialog open onClose={onClose} fullWidth maxWidth="md">
          <DialogTitle>Share “{dialog.album.name}”</DialogTitle>
          <DialogContent>
            <ShareLinksPanel target={{ albumId: dialog.album.id }} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </Dialog>
      );
    case 'wiggle':
      return <WiggleDetailsDialog wiggle={dialog.wiggle} onClose={onClose} />;
    case 'pick-target': {
      // An album cannot move into itself or below itself.
      const disabled = new Set<number>();
      for (const group of dialog.groups) {
        if (group.type !== MoveType.Folder) continue;
        for (const id of group.ids) for (const inner of subtreeIds(albums, id)) disabled.add(inner);
      }
      return (
        <FolderPickerDialog
          title={dialog.copy ? 'Copy to album' : 'Move to album'}
          submitLabel={dialog.copy ? 'Copy here' : 'Move here'}
          folders={albums}
          rootLabel="Gallery"
          listLabel="Destination album"
          initialTarget={getSetting(dialog.copy ? 'galleryCopyTarget' : 'galleryMoveTarget')}
          disabledIds={disabled}
          busy={false}
          onSubmit={(target) => {
            onClose();
            onPicked(dialog.groups, target, dialog.copy);
          }}
          onClose={onClose}
        />
      );
    }
  }
}
