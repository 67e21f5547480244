import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme';
import { useNotificationStore } from '../../../lib/stores/notification';
import { WatermarkDefaultsForm } from './watermark-defaults-form';

const sent: Array<{ url: string; method: string; body: unknown }> = [];
let answer: (body: unknown) => Response;

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ThemeProvider theme={theme}>
        <WatermarkDefaultsForm defaults={{ video: '', iframe: '© Ann', share: '' }} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup({ delay: null });
}

beforeEach(() => {
  sent.length = 0;
  answer = (body) => Response.json(body);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ url, method: String(init.method), body });
      return answer(body);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('default watermarks form', () => {
  it('shows the saved defaults and puts all three, trimmed, to /api/gallery/watermarks', async () => {
    const user = renderForm();
    expect((screen.getByLabelText('Iframe watermark') as HTMLInputElement).value).toBe('© Ann');
    await user.type(screen.getByLabelText('Video watermark'), '  Ann’s videos ');
    await user.clear(screen.getByLabelText('Iframe watermark'));
    await user.type(screen.getByLabelText('Share watermark'), 'Shared by Ann');
    await user.click(screen.getByRole('button', { name: 'Save watermarks' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      url: '/api/gallery/watermarks',
      method: 'PUT',
      body: { video: 'Ann’s videos', iframe: '', share: 'Shared by Ann' },
    });
    await waitFor(() => expect(useNotificationStore.getState().message).toBe('Your watermarks are saved.'));
  });

  it('refuses control characters before sending, and shows a field message from the server', async () => {
    const user = renderForm();
    await user.type(screen.getByLabelText('Share watermark'), 'a\u202Eb');
    await user.click(screen.getByRole('button', { name: 'Save watermarks' }));
    expect(await screen.findByText(/characters that are not allowed/)).toBeTruthy();
    expect(sent).toHaveLength(0);

    await user.clear(screen.getByLabelText('Share watermark'));
    answer = () =>
      Response.json(
        { error: { code: 'validation', message: 'x', fields: { video: 'The server says no.' } } },
        { status: 400 },
      );
    await user.click(screen.getByRole('button', { name: 'Save watermarks' }));
    expect(await screen.findByText('The server says no.')).toBeTruthy();
  });
});
