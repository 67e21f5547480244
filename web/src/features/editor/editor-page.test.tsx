import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Messages } from '@wiggle/common/messages';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme';
import { resetSettings } from '../../lib/stores/settings';
import { libraryWiggle } from '../../test/wiggle';
import { EditorPage } from './editor-page';

const calls: Array<{ method: string; url: string; body: unknown }> = [];
let answer: (url: string) => Response;

function openEditor() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/editor/:id', element: <EditorPage /> },
      { path: '/library', element: <p>Library page</p> },
    ],
    { initialEntries: ['/editor/7'] },
  );
  render(
    <QueryClientProvider client={client}>
      <ThemeProvider theme={theme}>
        <RouterProvider router={router} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  calls.length = 0;
  resetSettings();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({
        method: init.method ?? 'GET',
        url,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      return answer(url);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the editor's states (SPEC §4)", () => {
  it('waits while the wiggle is being created', async () => {
    answer = (url) =>
      url.endsWith('/library/wiggles/7')
        ? Response.json(libraryWiggle({ createStatus: 'InProgress' }))
        : Response.json({ items: [] });
    openEditor();
    expect(await screen.findByText('The wiggle is being created…')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/tune'))).toBe(false);
  });

  it('offers to delete a wiggle whose creation failed, and goes back to the library', async () => {
    answer = (url) =>
      url.endsWith('/library/wiggles/7')
        ? Response.json(libraryWiggle({ createStatus: 'Error', errorMessage: null }))
        : Response.json({ items: [], ids: [7] });
    openEditor();
    expect(await screen.findByText(Messages.wiggleCreationFailed)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Delete this wiggle' }));
    expect(await screen.findByText('Library page')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/library/delete',
      body: { type: 2, ids: [7] },
    });
  });

  it('renames the wiggle from the collection menu', async () => {
    answer = (url) =>
      url.endsWith('/library/wiggles/7') && calls.at(-1)?.method === 'PUT'
        ? Response.json({ id: 7, name: 'harbour' })
        : url.endsWith('/library/wiggles/7')
          ? Response.json(libraryWiggle({ createStatus: 'Error' }))
          : Response.json({ items: [] });
    openEditor();
    await userEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    const field = screen.getByLabelText('Name');
    await userEvent.clear(field);
    await userEvent.type(field, ' harbour ');
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByRole('heading', { name: 'harbour' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/api/library/wiggles/7',
      body: { name: ' harbour ' },
    });
  });

  it('shows a loading error with a reload button', async () => {
    answer = () => Response.json({ error: { code: 'internal', message: 'Boom.' } }, { status: 500 });
    openEditor();
    expect(await screen.findByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});
