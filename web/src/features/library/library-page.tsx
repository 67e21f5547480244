import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { TIMING } from '@wiggle/common/constants';
import { MoveType } from '@wiggle/common/enums';
import type { Folder } from '@wiggle/common/schemas/library';
import { type DragEvent, useEffect, useMemo, useRef, useState } from 'react';
import { TreeResizeHandle } from '../../components/tree-resize-handle';
import { type DraggedItems, writeDraggedItems } from '../../lib/drag-items';
import { folderPath, subtreeIds } from '../../lib/folder-tree';
import { showSnackbar } from '../../lib/stores/notification';
import { getSetting, useSetting } from '../../lib/stores/settings';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useElementWidth } from '../../lib/use-element-width';
import { useSectionSelection } from '../../lib/use-section-selection';
import { useTreeWidth } from '../../lib/use-tree-width';
import { useFolders } from './api/folders';
import { type FolderAction, FolderTreePanel } from './components/folder-tree-panel';
import { type LibraryDialog, LibraryDialogs } from './components/library-dialogs';
import { LibraryGrid } from './components/library-grid';
import { LibraryToolbar, type SelectionAction } from './components/library-toolbar';
import { TrashView } from './components/trash-view';
import { resolveUploadFolder } from './components/upload-dialog';
import { useFileDrop } from './hooks/use-file-drop';
import { useFolderNavigation } from './hooks/use-folder-navigation';
import { useLibraryActions } from './hooks/use-library-actions';
import { useLibraryLists } from './hooks/use-library-lists';
import { enqueueUploads, setUploadDoneListener } from './stores/upload-queue';

/** SPEC §2 Library: folder tree, wiggles and originals, upload, create wiggle, search, bulk rename, trash. */
export function LibraryPage() {
  const client = useQueryClient();
  const foldersQuery = useFolders();
  const folders = foldersQuery.data ?? [];
  const nav = useFolderNavigation(foldersQuery.data);
  const pageRef = useRef<HTMLDivElement>(null);
  const tree = useTreeWidth(useElementWidth(pageRef, window.innerWidth));
  const [zoomIndex] = useSetting('libraryZoomIndex');
  const [trashOpen, setTrashOpen] = useState(false);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), TIMING.defaultDebounceMs);
  const [dialog, setDialog] = useState<LibraryDialog>({ kind: 'none' });
  // Below md the tree does not fit beside the lists; it opens as a drawer instead.
  const [treeDrawerOpen, setTreeDrawerOpen] = useState(false);
  const actions = useLibraryActions();

  const lists = useLibraryLists(nav.folderId, search, !trashOpen && foldersQuery.isSuccess);
  const wiggleOrder = useMemo(() => lists.wiggles.map((w) => w.id), [lists.wiggles]);
  const originalOrder = useMemo(() => lists.originals.map((o) => o.id), [lists.originals]);
  const wiggleSelection = useSectionSelection(wiggleOrder);
  const originalSelection = useSectionSelection(originalOrder);

  useEffect(() => {
    setUploadDoneListener(() => void client.invalidateQueries({ queryKey: ['library', 'originals'] }));
    return () => setUploadDoneListener(null);
  }, [client]);

  const selectedGroups = (): DraggedItems[] => [
    { type: MoveType.Wiggle, ids: wiggleSelection.ids },
    { type: MoveType.Original, ids: originalSelection.ids },
  ];
  const closeDialog = () => setDialog({ kind: 'none' });
  const title = trashOpen
    ? 'Trash'
    : nav.folderId === null
      ? 'Library'
      : folderPath(folders, nav.folderId)
          .map((f) => f.name)
          .join(' / ');

  const onFolderAction = (action: FolderAction, folder: Folder | null) => {
    if (action === 'create') return setDialog({ kind: 'new-folder', parentId: folder?.id ?? nav.folderId });
    if (!folder) return;
    if (action === 'rename') return setDialog({ kind: 'rename-folder', folder });
    const groups = [{ type: MoveType.Folder, ids: [folder.id] }];
    if (action === 'move' || action === 'copy')
      return setDialog({ kind: 'pick-target', copy: action === 'copy', groups });
    void actions.trash(groups).then((ok) => {
      if (ok && nav.folderId !== null && subtreeIds(folders, folder.id).has(nav.folderId))
        nav.select(folder.parentId);
    });
  };

  const onSelectionAction = (action: SelectionAction) => {
    switch (action) {
      case 'create':
        return setDialog({
          kind: 'create-wiggle',
          originals: lists.originals.filter((o) => originalSelection.selected.has(o.id)),
        });
      case 'rename': {
        const originalNames = new Map(lists.originals.map((o) => [o.id, o.name]));
        const wiggles = lists.wiggles.filter((w) => wiggleSelection.selected.has(w.id));
        const originals = lists.originals.filter((o) => originalSelection.selected.has(o.id));
        return setDialog({
          kind: 'bulk-rename',
          targets: [
            ...wiggles.map((w) => ({
              type: MoveType.Wiggle,
              id: w.id,
              subject: { current: w.name, original: originalNames.get(w.leftOriginalId ?? -1) ?? w.name },
            })),
            ...originals.map((o) => ({
              type: MoveType.Original,
              id: o.id,
              subject: { current: o.name, original: o.name },
            })),
          ],
        });
      }
      case 'move':
      case 'copy':
        return setDialog({ kind: 'pick-target', copy: action === 'copy', groups: selectedGroups() });
      case 'delete':
        return void actions.trash(selectedGroups());
      case 'selectAll':
        wiggleSelection.selectAll();
        return originalSelection.selectAll();
      case 'clear':
        wiggleSelection.clear();
        return originalSelection.clear();
    }
  };

  const onDragItems = (section: 'wiggles' | 'originals', id: number, event: DragEvent) => {
    const selection = section === 'wiggles' ? wiggleSelection : originalSelection;
    const ids = selection.selected.has(id) ? selection.ids : [id];
    writeDraggedItems(event.dataTransfer, {
      type: section === 'wiggles' ? MoveType.Wiggle : MoveType.Original,
      ids,
    });
  };

  const fileDrop = useFileDrop(!trashOpen, (files) => {
    enqueueUploads(files, {
      folderId: resolveUploadFolder(getSetting('uploadTarget'), nav.folderId, folders),
      resolutionLimit: getSetting('uploadResolutionLimit'),
      reencode: getSetting('uploadForceReencode'),
    });
    setDialog({ kind: 'upload' });
  });

  const treePanel = foldersQuery.isError ? (
    <Typography color="error" sx={{ p: 2 }}>
      The folders could not be loaded.
    </Typography>
  ) : (
    <FolderTreePanel
      folders={folders}
      selectedId={nav.folderId}
      trashOpen={trashOpen}
      opened={nav.opened}
      onSelect={(id) => {
        setTrashOpen(false);
        setTreeDrawerOpen(false);
        nav.select(id);
      }}
      onOpenTrash={() => {
        setTreeDrawerOpen(false);
        setTrashOpen(true);
      }}
      onToggle={nav.toggle}
      onDropItems={(target, items, copy) => void actions.moveOrCopy([items], target, copy)}
      onAction={onFolderAction}
    />
  );

  return (
    <Paper
      ref={pageRef}
      sx={{
        display: 'flex',
        height: { xs: 'calc(100vh - 88px)', sm: 'calc(100vh - 96px)', md: 'calc(100vh - 112px)' },
        overflow: 'hidden',
        position: 'relative',
      }}
    >
      <Box sx={{ width: tree.width, flexShrink: 0, display: { xs: 'none', md: 'block' } }}>{treePanel}</Box>
      <TreeResizeHandle tree={tree} label="Resize folder tree" />
      <Box
        {...fileDrop.handlers}
        sx={{
          flex: 1,
          minWidth: 0,
          display: 'flex',
          flexDirection: 'column',
          position: 'relative',
          outline: fileDrop.active ? 3 : 0,
          outlineStyle: 'dashed',
          outlineColor: 'primary.main',
          outlineOffset: -6,
        }}
      >
        {trashOpen ? (
          <TrashView onRestore={(groups) => void actions.restore(groups)} />
        ) : (
          <>
            <LibraryToolbar
              title={title}
              search={searchText}
              onSearch={setSearchText}
              onUpload={() => setDialog({ kind: 'upload' })}
              onOpenFolders={() => setTreeDrawerOpen(true)}
              selectedOriginals={originalSelection.ids.length}
              selectedWiggles={wiggleSelection.ids.length}
              partiallyLoaded={lists.originalsQuery.hasNextPage || lists.wigglesQuery.hasNextPage}
              onAction={onSelectionAction}
            />
            <LibraryGrid
              zoomIndex={zoomIndex}
              searching={search !== ''}
              wiggles={{
                items: lists.wiggles,
                hasMore: lists.wigglesQuery.hasNextPage,
                loading: lists.wigglesQuery.isFetching,
                fetchMore: lists.wigglesQuery.fetchNextPage,
                selected: wiggleSelection.selected,
              }}
              originals={{
                items: lists.originals,
                hasMore: lists.originalsQuery.hasNextPage,
                loading: lists.originalsQuery.isFetching,
                fetchMore: lists.originalsQuery.fetchNextPage,
                selected: originalSelection.selected,
              }}
              onItemClick={(section, id, event) =>
                (section === 'wiggles' ? wiggleSelection : originalSelection).click(id, event)
              }
              onSelectAll={() => onSelectionAction('selectAll')}
              onClearSelection={() => onSelectionAction('clear')}
              onTrashSelection={() => onSelectionAction('delete')}
              onOpenWiggle={(wiggle) => setDialog({ kind: 'wiggle-preview', wiggleId: wiggle.id })}
              onOpenOriginal={(original) => setDialog({ kind: 'original-preview', original })}
              onDeleteWiggle={(wiggle) => void actions.trash([{ type: MoveType.Wiggle, ids: [wiggle.id] }])}
              onDragItems={onDragItems}
            />
          </>
        )}
      </Box>
      <Drawer
        open={treeDrawerOpen}
        onClose={() => setTreeDrawerOpen(false)}
        sx={{
          display: { md: 'none' },
          // Above the app bar (which sits at drawer + 1), so the tree's header shows.
          zIndex: (theme) => theme.zIndex.drawer + 2,
          '& .MuiDrawer-paper': { width: 320 },
        }}
      >
        {treePanel}
      </Drawer>
      {lists.originalsQuery.isError || lists.wigglesQuery.isError ? (
        <Alert severity="error" sx={{ position: 'absolute', bottom: 16, right: 16 }}>
          The folder's contents could not be loaded.
        </Alert>
      ) : null}
      <LibraryDialogs
        dialog={dialog}
        folders={folders}
        currentFolderId={nav.folderId}
        wiggles={lists.wiggles}
        onClose={closeDialog}
        onFolderCreated={(folder) => {
          if (folder.parentId !== null && !nav.opened.includes(folder.parentId)) nav.toggle(folder.parentId);
        }}
        onPicked={(groups, target, copy) => void actions.moveOrCopy(groups, target, copy)}
        onWigglesCreated={(answer) => {
          const count = answer.wiggles.length;
          showSnackbar(`${count} wiggle${count === 1 ? ' is' : 's are'} being created.`, 'success');
          if (answer.folder) nav.reveal(answer.folder.id, [...folders, answer.folder]);
        }}
      />
    </Paper>
  );
}
