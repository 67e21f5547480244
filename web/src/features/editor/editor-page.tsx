import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { Messages } from '@wiggle/common/messages';
import type { Wiggle } from '@wiggle/common/schemas/library';
import type { WiggleTuneResponse } from '@wiggle/common/schemas/tune-api';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';
import {
  deleteWiggle,
  editorWiggleKey,
  renameWiggle,
  useEditorWiggle,
  useFolderWiggles,
  useWiggleTune,
} from './api/editor-api';
import { CollectionMenu } from './components/collection-menu';
import { TuningWorkspace } from './components/tuning-workspace';
import { useEditorViews } from './logic/use-editor-views';

/** The editor's address: /editor/{wiggleId}, opened from the library; a reload opens the same wiggle again. */
export const editorPath = (wiggleId: number) => `/editor/${wiggleId}`;

const Centered = ({ children }: { children: React.ReactNode }) => (
  <Stack spacing={2} sx={{ py: 8, alignItems: 'center' }}>
    {children}
  </Stack>
);

/** SPEC §4 editor states: creation in progress (waits), creation error (offers delete), loading error (reload). */
export function EditorPage() {
  const id = Number(useParams().id);
  usePageTitle('Editor');
  const wiggle = useEditorWiggle(id);
  const status = wiggle.data?.createStatus;
  const ready = status === 'Success';
  const tune = useWiggleTune(id, ready);
  const views = useEditorViews(id, ready);
  const navigate = useNavigate();
  const client = useQueryClient();
  const folder = useFolderWiggles(wiggle.data ? wiggle.data.folderId : undefined);
  const ids = folder.data?.items.map((w) => w.id) ?? [];
  const at = ids.indexOf(id);

  const remove = async () => {
    await deleteWiggle(id);
    navigate('/library');
  };
  if (!Number.isInteger(id) || id <= 0) return <Alert severity="error">Wiggle not found.</Alert>;
  if (wiggle.isError || tune.isError || views.error) {
    return (
      <Centered>
        <Alert severity="error">
          {errorMessage(wiggle.error ?? tune.error, 'The wiggle could not be loaded.')}
        </Alert>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Centered>
    );
  }
  if (!wiggle.data) {
    return (
      <Centered>
        <CircularProgress aria-label="Loading the wiggle" />
      </Centered>
    );
  }
  const menu = (
    <CollectionMenu
      wiggle={wiggle.data}
      previousId={at > 0 ? ids[at - 1]! : null}
      nextId={at >= 0 && at < ids.length - 1 ? ids[at + 1]! : null}
      onOpen={(next) => navigate(`/editor/${next}`)}
      onRename={async (name) => {
        const renamed = await renameWiggle(id, name);
        client.setQueryData<Wiggle>(editorWiggleKey(id), (w) => w && { ...w, name: renamed.name });
        void folder.refetch();
      }}
      onDelete={() => void remove()}
    />
  );
  if (status === 'Error' || status === 'TimeoutError') {
    return (
      <Box>
        {menu}
        <Centered>
          <Alert severity="error">{wiggle.data.errorMessage ?? Messages.wiggleCreationFailed}</Alert>
          <Button color="error" variant="contained" onClick={() => void remove()}>
            Delete this wiggle
          </Button>
        </Centered>
      </Box>
    );
  }
  if (!ready || !tune.data || !views.views) {
    return (
      <Box>
        {menu}
        <Centered>
          <CircularProgress />
          <Typography>{ready ? 'Loading the views…' : 'The wiggle is being created…'}</Typography>
        </Centered>
      </Box>
    );
  }
  return (
    <Box>
      {menu}
      <TuningWorkspace
        key={id}
        wiggleId={id}
        saved={tune.data as WiggleTuneResponse}
        views={views.views}
        hasInBetweens={wiggle.data.iStatus === 'Success'}
        onSaved={(answer) => client.setQueryData(['editor', 'tune', id], answer)}
      />
    </Box>
  );
}
