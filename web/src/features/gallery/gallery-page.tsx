import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Drawer from '@mui/material/Drawer';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Messages } from '@wiggle/common/messages';
import type { Album, GalleryWiggle } from '@wiggle/common/schemas/gallery';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { NameDialog } from '../../components/name-dialog';
import { TreeResizeHandle } from '../../components/tree-resize-handle';
import { errorMessage } from '../../lib/api-client';
import { folderPath } from '../../lib/folder-tree';
import { useSetting } from '../../lib/stores/settings';
import { useElementWidth } from '../../lib/use-element-width';
import { usePageTitle } from '../../lib/use-page-title';
import { useTreeWidth } from '../../lib/use-tree-width';
import { useAlbums, useCreateAlbum, useTrashAlbum, useUpdateAlbum } from './api/albums';
import { getGalleryWiggle } from './api/wiggles';
import { AlbumBar } from './components/album-bar';
import { AlbumTreePanel } from './components/album-tree-panel';
import { GalleryWiggles } from './components/gallery-wiggles';
import { ShareLinksPanel } from './components/share-links-panel';
import { WiggleDetailsDialog } from './components/wiggle-details-dialog';

type GalleryDialog =
  | { kind: 'none' }
  | { kind: 'new-album'; parentId: number | null }
  | { kind: 'rename'; album: Album }
  | { kind: 'share'; album: Album }
  | { kind: 'wiggle'; wiggle: GalleryWiggle };

const ID = /^[1-9][0-9]{0,14}$/;

/**
 * `/gallery/?album={id}&wiggle={id}` (the editor's "Open in gallery" after an export) selects the album (empty = the
 * root) and opens the wiggle; the parameters are then dropped so a reload shows the gallery as the member left it.
 */
function useGalleryLink(select: (albumId: number | null) => void, open: (wiggle: GalleryWiggle) => void) {
  const [params, setParams] = useSearchParams();
  const album = params.get('album');
  const wiggle = params.get('wiggle');
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per link, not when the callbacks change
  useEffect(() => {
    if (album === null && wiggle === null) return;
    if (album !== null) select(ID.test(album) ? Number(album) : null);
    if (wiggle !== null && ID.test(wiggle)) {
      getGalleryWiggle(Number(wiggle))
        .then(open)
        .catch(() => undefined);
    }
    setParams({}, { replace: true });
  }, [album, wiggle]);
}

/** SPEC §2 Gallery: albums, wiggles, search, visibility, share links, iframe embed, download. */
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
  const [treeDrawerOpen, setTreeDrawerOpen] = useState(false);
  const createAlbum = useCreateAlbum();
  const updateAlbum = useUpdateAlbum();
  const trashAlbum = useTrashAlbum();
  const close = () => setDialog({ kind: 'none' });
  useGalleryLink(select, (wiggle) => setDialog({ kind: 'wiggle', wiggle }));
  const title = album
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
      opened={opened}
      onSelect={(id) => {
        setTreeDrawerOpen(false);
        select(id);
      }}
      onToggle={(id) => setOpened(opened.includes(id) ? opened.filter((o) => o !== id) : [...opened, id])}
      onCreate={() => setDialog({ kind: 'new-album', parentId: selected })}
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
      <Drawer open={treeDrawerOpen} onClose={() => setTreeDrawerOpen(false)} sx={{ display: { md: 'none' } }}>
        <Box sx={{ width: 320 }}>{treePanel}</Box>
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
        {album ? (
          <AlbumBar
            album={album}
            onShare={() => setDialog({ kind: 'share', album })}
            onRename={() => setDialog({ kind: 'rename', album })}
            onDelete={() => trashAlbum.mutate(album.id, { onSuccess: () => select(album.parentId) })}
          />
        ) : null}
        <GalleryWiggles albumId={selected} onOpen={(wiggle) => setDialog({ kind: 'wiggle', wiggle })} />
      </Box>
      {dialog.kind === 'new-album' ? (
        <NameDialog
          title="New album"
          label="Album name"
          initialName=""
          submitLabel="Create"
          busy={createAlbum.isPending}
          serverError={createAlbum.isError ? errorMessage(createAlbum.error, Messages.generic) : null}
          onClose={close}
          onSubmit={(name) =>
            createAlbum.mutate(
              { name, parentId: dialog.parentId },
              {
                onSuccess: (created) => {
                  select(created.id);
                  close();
                },
              },
            )
          }
        />
      ) : null}
      {dialog.kind === 'rename' ? (
        <NameDialog
          title="Rename album"
          label="Album name"
          initialName={dialog.album.name}
          submitLabel="Rename"
          busy={updateAlbum.isPending}
          serverError={updateAlbum.isError ? errorMessage(updateAlbum.error, Messages.generic) : null}
          onClose={close}
          onSubmit={(name) => updateAlbum.mutate({ id: dialog.album.id, name }, { onSuccess: close })}
        />
      ) : null}
      {dialog.kind === 'share' ? (
        <Dialog open onClose={close} fullWidth maxWidth="md">
          <DialogTitle>Share “{dialog.album.name}”</DialogTitle>
          <DialogContent>
            <ShareLinksPanel target={{ albumId: dialog.album.id }} />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Close</Button>
          </DialogActions>
        </Dialog>
      ) : null}
      {dialog.kind === 'wiggle' ? <WiggleDetailsDialog wiggle={dialog.wiggle} onClose={close} /> : null}
    </Paper>
  );
}
