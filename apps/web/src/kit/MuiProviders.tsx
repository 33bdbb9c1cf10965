import type { ReactNode } from 'react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { SnackbarProvider } from 'notistack';
import { theme } from '../theme';
import { ErrorDialogProvider } from './ErrorDialog';
import { ConfirmProvider } from './useConfirm';

/** What every MUI screen needs around it: theme, baseline, toasts, the error and confirm dialogs. */
export function MuiProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider maxSnack={3} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}>
        <ErrorDialogProvider>
          <ConfirmProvider>{children}</ConfirmProvider>
        </ErrorDialogProvider>
      </SnackbarProvider>
    </ThemeProvider>
  );
}
