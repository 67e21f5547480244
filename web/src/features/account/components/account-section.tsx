import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * A titled part of My account that loads on its own: its own progress bar, and its own error message with a retry,
 * so one failing part does not hide the others.
 */
export function AccountSection<T>(props: {
  title: string;
  query?: UseQueryResult<T>;
  errorMessage?: string;
  action?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { query } = props;
  return (
    <Paper component="section" sx={{ p: { xs: 2.5, sm: 3 } }} aria-label={props.title}>
      <Typography
        variant="h6"
        component="h2"
        gutterBottom
        sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
      >
        <span style={{ flex: 1 }}>{props.title}</span>
        {props.action}
      </Typography>
      {query?.isPending && <LinearProgress aria-label={`Loading ${props.title.toLowerCase()}`} />}
      {query?.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              Retry
            </Button>
          }
        >
          {props.errorMessage}
        </Alert>
      )}
      {query?.data !== undefined && props.children(query.data)}
    </Paper>
  );
}
