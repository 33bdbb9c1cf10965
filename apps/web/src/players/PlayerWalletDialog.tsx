import { useState } from 'react';
import {
  Alert, Button, CircularProgress, Collapse, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, Table, TableBody, TableRow, Tooltip, Typography,
} from '@mui/material';
import { TableCell } from '../kit/TableCell';
import RefreshIcon from '@mui/icons-material/Refresh';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { MSG } from '@pitboss/contract';
import { usePlayerWallet } from '../api/players';
import { formatUsd } from '../shell/rates';
import { Money } from '../kit/Money';
import { useFormatTime } from '../shell/session';
import { useScope } from '../shell/useScope';
import { AffiliatePanel, BonusPanel, CashbackPanel } from './PlayerPanels';

type PanelName = 'bonus' | 'affiliate' | 'cashback';
const PANEL_ROWS: { name: PanelName; label: string }[] = [
  { name: 'bonus', label: 'Bonus wallet' },
  { name: 'affiliate', label: 'Affiliate wallet' },
  { name: 'cashback', label: 'Cashback wallet' },
];

/**
 * Player Wallet (001 §2): not real-time, with a refresh button; USD plus allowed currencies. The
 * Bonus, Affiliate and Cashback rows open their detail panels (SUPER_ADMIN and ADMIN, as the dialog).
 */
export function PlayerWalletDialog({ playerCode, opId, open, onClose }: { playerCode: string; opId?: string; open: boolean; onClose: () => void }) {
  const q = usePlayerWallet(playerCode, open);
  const fmt = useFormatTime();
  const { scopeSearch } = useScope();
  const [panel, setPanel] = useState<PanelName | null>(null);
  const w = q.data;
  const side = (name: PanelName) => (w ? { bonus: w.bonus, affiliate: w.affiliate, cashback: w.cashback }[name].balanceInUsd : undefined);
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
                  <TableCell align="right"><Money amount={b.balance} currency={b.currency} /></TableCell>
                </TableRow>
              ))}
              {PANEL_ROWS.map((r) => (
                <TableRow key={r.name} hover>
                  <TableCell>
                    <Button
                      size="small"
                      onClick={() => setPanel(panel === r.name ? null : r.name)}
                      aria-expanded={panel === r.name}
                      aria-controls={`wallet-panel-${r.name}`}
                      endIcon={panel === r.name ? <ExpandLess /> : <ExpandMore />}
                      sx={{ textTransform: 'none', px: 0 }}
                    >
                      {r.label}
                    </Button>
                  </TableCell>
                  <TableCell align="right">{formatUsd(side(r.name))}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {w && w.balances.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            No balances in the operator&apos;s currencies.
          </Typography>
        )}
        <Stack sx={{ mt: panel ? 2 : 0 }}>
          {PANEL_ROWS.map((r) => (
            <Collapse key={r.name} in={panel === r.name} unmountOnExit id={`wallet-panel-${r.name}`}>
              {r.name === 'bonus' && <BonusPanel playerCode={playerCode} opId={opId} />}
              {r.name === 'affiliate' && <AffiliatePanel playerCode={playerCode} opId={opId} scopeSearch={scopeSearch} />}
              {r.name === 'cashback' && <CashbackPanel playerCode={playerCode} opId={opId} />}
            </Collapse>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
