import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PROCESS_RESULTS, type ProcessLog } from '@wiggle/common/schemas/admin';
import { useState } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { usePageTitle } from '../../lib/use-page-title';
import { adminApi } from './api/admin-api';
import { FilterSelect } from './components/filter-select';
import { type Column, PagedTable } from './components/paged-table';
import { useAdminPages } from './use-admin-pages';

const columns: Column<ProcessLog>[] = [
  { key: 'start', label: 'Start', render: (l) => new Date(l.start).toLocaleString() },
  { key: 'duration', label: 'Duration', render: (l) => `${l.durationMs} ms`, align: 'right' },
  {
    key: 'memory',
    label: 'Memory +',
    render: (l) => `${(l.memoryIncrease / 1_048_576).toFixed(1)} MB`,
    align: 'right',
  },
  { key: 'name', label: 'Name', render: (l) => l.name },
  { key: 'description', label: 'Description', render: (l) => l.description },
  {
    key: 'result',
    label: 'Result',
    render: (l) => (
      <Typography component="span" color={l.result === 'ok' ? 'success.main' : 'error'} variant="body2">
        {l.result}
      </Typography>
    ),
  },
  { key: 'message', label: 'Message', render: (l) => l.message },
  {
    key: 'entity',
    label: 'Entity',
    render: (l) => (l.entityType ? `${l.entityGroup ?? ''} / ${l.entityType} #${l.entityId}` : '—'),
  },
];

/** /admin/log: what every background job and admin action did, newest first. */
export function LogPage() {
  usePageTitle('Admin · Logs');
  const [result, setResult] = useState('');
  const [name, setName] = useState('');
  const [entityType, setEntityType] = useState('');
  const [entityId, setEntityId] = useState('');
  const filter = {
    result,
    name: useDebouncedValue(name.trim(), 300),
    entityType: useDebouncedValue(entityType.trim(), 300),
    entityId: /^[1-9][0-9]*$/.test(entityId) ? entityId : '',
  };
  const { tableProps } = useAdminPages<ProcessLog>('logs', filter, (cursor) => adminApi.logs(filter, cursor));
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Admin · Logs
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <FilterSelect
          label="Result"
          value={result}
          onChange={setResult}
          options={PROCESS_RESULTS.map((value) => [value, value] as const)}
        />
        <TextField
          label="Name (or prefix)"
          size="small"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label="Entity type"
          size="small"
          value={entityType}
          onChange={(e) => setEntityType(e.target.value)}
        />
        <TextField
          label="Entity id"
          size="small"
          value={entityId}
          onChange={(e) => setEntityId(e.target.value)}
        />
      </Box>
      <PagedTable label="Process logs" columns={columns} {...tableProps} />
    </Paper>
  );
}
