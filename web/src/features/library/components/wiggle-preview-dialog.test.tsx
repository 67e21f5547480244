import { ThemeProvider } from '@mui/material/styles';
import { cleanup, render, screen } from '@testing-library/react';
import { Messages } from '@wiggle/common/messages';
import type { Wiggle } from '@wiggle/common/schemas/library';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../../../app/theme';
import { libraryWiggle } from '../../../test/wiggle';
import { WigglePreviewDialog } from './wiggle-preview-dialog';

function show(w: Wiggle) {
  render(
    <MemoryRouter>
      <ThemeProvider theme={theme}>
        <WigglePreviewDialog wiggle={w} onClose={() => {}} />
      </ThemeProvider>
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('WigglePreviewDialog', () => {
  it('says why Enhanced playback is unavailable when the in-betweens were judged unreliable', () => {
    const reason = Messages.enhancedUnavailable(
      'the in-betweens are unreliable: only 12 % of the pixels match',
    );
    show(libraryWiggle({ iStatus: 'Error', errorMessage: reason }));
    expect(screen.getByText(reason)).toBeTruthy();
    expect(screen.queryByText(/which this wiggle does not have/)).toBeNull();
  });

  it('keeps the general note when interpolation failed without a reason', () => {
    show(libraryWiggle({ iStatus: 'Error', errorMessage: null }));
    expect(screen.getByText(/which this wiggle does not have/)).toBeTruthy();
  });
});
