import { createTheme } from '@mui/material/styles';
import { VISUAL } from '@wiggle/common/constants';

/** SPEC §9 visuals; the two values SPEC names only in words are fixed here. */
export const APP_BAR_COLOR = '#f2f3f4';
export const ACTIVE_NAV_COLOR = '#0b2f6b';
export const NAV_DRAWER_WIDTH = 220;

export const theme = createTheme({
  palette: {
    primary: { main: VISUAL.primaryColor, contrastText: '#ffffff' },
    background: { default: VISUAL.backgroundColor, paper: '#ffffff' },
  },
  typography: {
    fontFamily: '"Roboto", "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif',
  },
  components: {
    MuiAppBar: {
      defaultProps: { elevation: 1, color: 'inherit' },
      styleOverrides: { root: { backgroundColor: APP_BAR_COLOR } },
    },
    MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
    MuiTab: { styleOverrides: { root: { textTransform: 'none' } } },
  },
});
