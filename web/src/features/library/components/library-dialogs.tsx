import { MoveType } from '@wiggle/common/enums';
import type { CreateWigglesResponse, Folder, Original, Wiggle } from '@wiggle/common/schemas/library';
import { FolderPickerDialog } from '../../../components/folder-picker-dialog';
import { NameDialog } from '../../../components/name-dialog';
import { errorMessage } from '../../../lib/api-client';
import type { DraggedItems } from '../../../lib/drag-items';
import { subtreeIds } from '../../../lib/folder-tree';
import { getSetting } from '../../../lib/stores/settings';
import { useCreateFolder, useRenameFolder } from '../api/folders';
import { BulkRenameDialog, type RenameTarget } from './bulk-rename-dialog';
import { CreateWiggleDialog } from './create-wiggle-dialog';
import { OriginalPreviewDialog } from './original-preview-dialog';
import { UploadDialog } from './upload-dialog';
import { WigglePreviewDialog } from './wiggle-preview-dialog';

/** Which dialog is open over the Library, with what it needs. */
export type LibraryDialog =
  | { kind: 'none' }
  | { kind: 'new-folder'; parentId: number | null }
  | { kind: 'rename-folder'; folder: Folder }
  | { kind: 'pick-target'; copy: boolean; groups: DraggedItems[] }
  | { kind: 'create-wiggle'; originals: Original[] }
  | { kind: 'bulk-rename'; targets: RenameTarget[] }
  | { kind: 'upload' }
  | { kind: 'wiggle-preview'; wiggleId: number }
  | { kind: 'original-preview'; original: Original };

interface LibraryDialogsProps {
  dialog: LibraryDialog;
  folders: readonly Folder[];
  currentFolderId: number | null;
  /** The listed wiggles, so an open preview follows status changes (Enhanced once frames arrive). */
  wiggles: readonly Wiggle[];
  onClose: () => void;
  onFolderCreated: (folder: Folder) => void;
  onPicked: (groups: DraggedItems[], targetFolderId: number | null, copy: boolean) => void;
  onWigglesCreated: (answer: CreateWigglesResponse) => void;
}

export function LibraryDialogs(props: LibraryDialogsProps) {
  const { dialog, onClose } = props;
  const createFolder = useCreateFolder();
  const renameFolder = useRenameFolder();
  switch (dialog.kind) {
    case 'none':
      return null;
    case 'new-folder':
      return (
        <NameDialog
          title="New folder"
          label="Folder name"
          initialName="New folder"
          submitLabel="Create"
          busy={createFolder.isPending}
          serverError={
            createFolder.isError ? errorMessage(createFolder.error, 'The folder could not be created.') : null
          }
          onSubmit={(name) =>
            createFolder.mutate(
              { name, parentId: dialog.parentId },
              {
                onSuccess: (folder) => {
                  props.onFolderCreated(folder);
                  onClose();
                },
              },
            )
          }
          onClose={onClose}
        />
      );
    case 'rename-folder':
      return (
        <NameDialog
          title="Rename folder"
          label="Folder name"
          initialName={dialog.folder.name}
          submitLabel="Rename"
          busy={renameFolder.isPending}
          serverError={
            renameFolder.isError ? errorMessage(renameFolder.error, 'The folder could not be renamed.') : null
          }
          onSubmit={(name) => renameFolder.mutate({ id: dialog.folder.id, name }, { onSuccess: onClose })}
          onClose={onClose}
        />
      );
    case 'pick-target': {
      const movedFolders = dialog.groups.find((g) => g.type === MoveType.Folder)?.ids ?? [];
      const disabled = new Set<number>();
      for (const id of movedFolders) for (const inner of subtreeIds(props.folders, id)) disabled.add(inner);
      return (
        <FolderPickerDialog
          title={dialog.copy ? 'Copy to folder' : 'Move to folder'}
          submitLabel={dialog.copy ? 'Copy here' : 'Move here'}
          folders={props.folders}
          initialTarget={getSetting(dialog.copy ? 'copyTarget' : 'moveTarget')}
          disabledIds={disabled}
          busy={false}
          onSubmit={(target) => {
            onClose();
            props.onPicked(dialog.groups, target, dialog.copy);
          }}
          onClose={onClose}
        />
      );
    }
    case 'create-wiggle':
      return (
        <CreateWiggleDialog
          originals={dialog.originals}
          folderId={props.currentFolderId}
          onCreated={(answer) => {
            onClose();
            props.onWigglesCreated(answer);
          }}
          onClose={onClose}
        />
      );
    case 'bulk-rename':
      return <BulkRenameDialog targets={dialog.targets} onClose={onClose} />;
    case 'upload':
      return (
        <UploadDialog currentFolderId={props.currentFolderId} folders={props.folders} onClose={onClose} />
      );
    case 'wiggle-preview': {
      const wiggle = props.wiggles.find((w) => w.id === dialog.wiggleId);
      return wiggle ? <WigglePreviewDialog wiggle={wiggle} onClose={onClose} /> : null;
    }
    case 'original-preview':
      return <OriginalPreviewDialog original={dialog.original} onClose={onClose} />;
  }
}
