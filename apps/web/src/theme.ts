import { createTheme } from '@mui/material/styles';

/**
 * Staff who ask their system for reduced motion (WCAG 2.3.3) get none: menus, dialogs and drawers
 * appear at once and buttons have no ripple. Read once, when the console loads.
 */
const reducedMotion = typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#1f4e79' },
    secondary: { main: '#b8860b' },
    background: { default: '#f4f6f8' },
  },
  shape: { borderRadius: 8 },
  ...(reducedMotion ? {
    transitions: {
      create: () => 'none',
      duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
    },
  } : {}),
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTableCell: { styleOverrides: { root: { paddingTop: 6, paddingBottom: 6 } } },
    ...(reducedMotion ? { MuiButtonBase: { defaultProps: { disableRipple: true } } } : {}),
  },
});
