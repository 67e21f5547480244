import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../app/routes';
import { theme } from '../app/theme';
import { queryClient } from '../lib/query-client';

/** Renders the whole app (guard, shell, lazy pages) at a path, as the browser would after boot. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  // No delay between keystrokes: MUI re-renders per key and the shared CPU makes typed text slow.
  return { router, user: userEvent.setup({ delay: null }) };
}
