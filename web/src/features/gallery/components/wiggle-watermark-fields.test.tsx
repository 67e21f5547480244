import { ThemeProvider } from '@mui/material/styles';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme';
import { WiggleWatermarkFields } from './wiggle-watermark-fields';

afterEach(cleanup);

function renderFields(iframeWatermark: string | null, shareWatermark: string | null) {
  const onSave = vi.fn();
  render(
    <ThemeProvider theme={theme}>
      <WiggleWatermarkFields wiggle={{ iframeWatermark, shareWatermark }} onSave={onSave} />
    </ThemeProvider>,
  );
  return { onSave, user: userEvent.setup({ delay: null }) };
}

async function choose(user: ReturnType<typeof userEvent.setup>, field: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

describe("a gallery wiggle's own watermarks", () => {
  it('shows null as the account default, empty as none, text as its own', () => {
    renderFields(null, '');
    expect(screen.getByRole('combobox', { name: 'Iframe watermark' }).textContent).toBe(
      'My default (account)',
    );
    expect(screen.getByRole('combobox', { name: 'Share watermark' }).textContent).toBe('None');
    cleanup();
    renderFields('© Ann', null);
    expect((screen.getByLabelText('Iframe watermark text') as HTMLInputElement).value).toBe('© Ann');
  });

  it('saves none as empty, the default as null, and its own text once typed', async () => {
    const { onSave, user } = renderFields(null, null);
    await choose(user, 'Iframe watermark', 'None');
    expect(onSave).toHaveBeenLastCalledWith({ iframeWatermark: '' });
    await choose(user, 'Share watermark', 'Own text');
    expect(onSave).toHaveBeenCalledTimes(1);
    await user.type(screen.getByLabelText('Share watermark text'), ' Shared by Ann ');
    await user.tab();
    expect(onSave).toHaveBeenLastCalledWith({ shareWatermark: 'Shared by Ann' });
    await choose(user, 'Iframe watermark', 'My default (account)');
    expect(onSave).toHaveBeenLastCalledWith({ iframeWatermark: null });
  });
});
