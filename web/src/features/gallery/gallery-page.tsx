import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { MoveType } from '@wiggle/common/enums';
import { Messages } from '@wiggle/common/messages';
import { useRef, useState } from 'react';
import { TreeResizeHandle } from '../../components/tree-resize-handle';
import { folderPath, subtreeIds } from '../../lib/folder-tree';
import { useSetting } from '../../lib/stores/settings';
import { useElementWidth } from '../../lib/use-element-width';
import { usePageTitle } from '../../lib/use-page-title';
import { useTreeWidth } from '../../lib/use-tree-width';
import { useAlbums } from './api/albums';
import { AlbumBar } from './components/album-bar';
import { AlbumTreePanel } from './components/album-tree-panel';
import { type GalleryDialog, GalleryDialogs } from './components/gallery-dialogs';
import { GalleryTrashView } from './components/gallery-trash-view';
import { GalleryWiggles } from './components/gallery-wiggles';
import { useGalleryActions } from './hooks/use-gallery-actions';
import { useGalleryLink } from './hooks/use-gallery-link';

/** SPEC §2 Gallery: albums, wiggles, search, visibility, share links, iframe embed, download, trash. */
export function GalleryPage() {
  usePageTitle('Gallery');
  const albumsQuery = useAlbums();
  const albums = albumsQuery.data ?? [];
  const [savedSelected, select] = useSetting('gallerySelectedFolder');
  const [opened, setOpened] = useSetting('galleryOpenedFolders');
  const selected = albums.some((a) => a.id === savedSelected) ? savedSelected : null;
  const album = albums.find((a) => a.id === selected) ?? null;
  const pageRef = useRef<HTMLDivElement>(null);
  const tree = useTreeWidth(useElementWidth(pageRef, window.innerWidth), 'galleryTreeWidth');
  const [dialog, setDialog] = useState<GalleryDialog>({ kind: 'none' });
  const [trashOpen, setTrashOpen] = useState(false);
  const [treeDrawerOpen, setTreeDrawerOpen] = useState(false);
  const actions = useGalleryActions();
  const close = () => setDialog({ kind: 'none' });
  useGalleryLink(select, (wiggle) => setDialog({ kind: 'wiggle', wiggle }));
  const title = trashOpen
    ? 'Trash'
    : album
      ? folderPath(albums, album.id)
          .map((a) => a.name)
          .join(' / ')
      : 'Gallery';

  const treePanel = albumsQuery.isError ? (
    <Typography color="error" sx={{ p: 2 }}>
      {Messages.albumsLoadFailed}
    </Typography>
  ) : (
    <AlbumTreePanel
      albums={albums}
      selectedId={selected}
      trashOpen={trashOpen}
      opened={opened}
      onSelect={(id) => {
        setTrashOpen(false);
        setTreeDrawerOpen(false);
        select(id);
      }}
      onOpenTrash={() => {
        setTreeDrawerOpen(false);
        setTrashOpen(true);
      }}
      onToggle={(id) => setOpened(opened.includes(id) ? opened.filter((o) => o !== id) : [...opened, id])}
      onCreate={() => setDialog({ kind: 'new-album', parentId: selected })}
      onDropItems={(target, items, copy) => void actions.moveOrCopy([items], target, copy)}
    />
  );

  return (
    <Paper
      ref={pageRef}
      sx={{
        display: 'flex',
        height: { xs: 'calc(100vh - 88px)', md: 'calc(100vh - 112px)' },
        overflow: 'hidden',
      }}
    >
      <Box sx={{ width: tree.width, flexShrink: 0, display: { xs: 'none', md: 'block' } }}>{treePanel}</Box>
      <TreeResizeHandle tree={tree} label="Resize album tree" />
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
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', py: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, gap: 1 }}>
          <Button sx={{ display: { md: 'none' } }} onClick={() => setTreeDrawerOpen(true)}>
            Albums
          </Button>
          <Typography variant="h6" component="h1" noWrap sx={{ flex: 1 }}>
            {title}
          </Typography>
        </Box>
        {trashOpen ? (
          <GalleryTrashView onRestore={(groups) => void actions.restore(groups)} />
        ) : (
          <>
            {album ? (
              <AlbumBar
                album={album}
                onShare={() => setDialog({ kind: 'share', album })}
                onRename={() => setDialog({ kind: 'rename', album })}
                onMove={() =>
                  setDialog({
                    kind: 'pick-target',
                    copy: false,
                    groups: [{ type: MoveType.Folder, ids: [album.id] }],
                  })
                }
                onDelete={() =>
                  void actions.trash([{ type: MoveType.Folder, ids: [album.id] }]).then((ok) => {
                    if (ok && selected !== null && subtreeIds(albums, album.id).has(selected))
                      select(album.parentId);
                  })
                }
              />
            ) : null}
            <GalleryWiggles
              albumId={selected}
              onOpen={(wiggle) => setDialog({ kind: 'wiggle', wiggle })}
              onSelection={(action, ids) => {
                const groups = [{ type: MoveType.Wiggle, ids }];
                if (action === 'delete') return void actions.trash(groups);
                setDialog({ kind: 'pick-target', copy: action === 'copy', groups });
              }}
            />
          </>
        )}
      </Box>
      <GalleryDialogs
        dialog={dialog}
        albums={albums}
        onClose={close}
        onAlbumCreated={(created) => {
          select(created.id);
          if (created.parentId !== null && !opened.includes(created.parentId))
            setOpened([...opened, created.parentId]);
        }}
        onPicked={(groups, target, copy) => void actions.moveOrCopy(groups, target, copy)}
      />
    </Paper>
  );
}
