import {
  Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Table, TableBody, TableCell,
  TableRow, Tooltip, Typography,
} from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { MSG } from '@pitboss/contract';
import { usePlayerWallet } from '../api/players';
import { formatUsd } from '../shell/rates';
import { useFormatTime } from '../shell/session';

/** Player Wallet (001 §2): not real-time, with a refresh button; USD plus allowed currencies. */
export function PlayerWalletDialog({ playerCode, open, onClose }: { playerCode: string; open: boolean; onClose: () => void }) {
  const q = usePlayerWallet(playerCode, open);
  const fmt = useFormatTime();
  const w = q.data;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="wallet-title">
      <DialogTitle id="wallet-title">Player Wallet — {playerCode}</DialogTitle>
      <DialogContent>
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Tooltip title="Refresh wallet">
              <span>
                <IconButton aria-label="Refresh wallet" size="small" onClick={() => void q.refetch()} disabled={q.isFetching}>
                  <RefreshIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          }
        >
          Wallet data is not real-time{w ? ` (read at ${fmt(w.readAt)})` : ''}.
        </Alert>
        {q.isPending && <CircularProgress size={24} aria-label="Loading wallet" />}
        {q.isError && <Alert severity="error">{MSG.GENERIC_ERROR}</Alert>}
        {w && (
          <Table size="small" aria-label="Wallet balances">
            <TableBody>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>Balance (USD)</TableCell>
                <TableCell align="right">{formatUsd(w.inUSD.balance)}</TableCell>
              </TableRow>
              {w.balances.map((b) => (
                <TableRow key={b.currency}>
                  <TableCell>{b.currency}</TableCell>
                  <TableCell align="right">{b.balance}</TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell>Bonus wallet</TableCell>
                <TableCell align="right">{formatUsd(w.bonus.balanceInUsd)}</TableCell>
              </TableRow>
              <TableRow>
                <TableCell>Affiliate wallet</TableCell>
                <TableCell align="right">{formatUsd(w.affiliate.balanceInUsd)}</TableCell>
              </TableRow>
              <TableRow>
                <TableCell>Cashback wallet</TableCell>
                <TableCell align="right">{formatUsd(w.cashback.balanceInUsd)}</TableCell>
              </TableRow>
            </TableBody>
          </Table>
        )}
        {w && w.balances.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            No balances in the operator&apos;s currencies.
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
