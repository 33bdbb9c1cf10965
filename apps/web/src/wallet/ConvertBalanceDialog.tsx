import { useState } from 'react';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { PAYMENT_MESSAGES, cmpDec } from '@pitboss/contract';
import { usePlayerWallet } from '../api/players';
import { convertBalance } from '../api/wallet';
import { useConfirm } from '../kit/useConfirm';
import { useWalletMutation } from './useWalletMutation';

/** Convert Player Balance (001 §2, §5): the whole balance of one wallet into another of the player's wallets. */
export function ConvertBalanceDialog({ playerId, playerCode, onClose }: { playerId: string; playerCode: string; onClose: () => void }) {
  const wallet = usePlayerWallet(playerCode, true);
  const confirm = useConfirm();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const balances = wallet.data?.balances ?? [];
  const fromOptions = balances.filter((b) => cmpDec(b.balance, '0') > 0);
  const toOptions = balances.filter((b) => b.currency !== from);
  const send = useWalletMutation(playerCode, convertBalance, onClose, PAYMENT_MESSAGES.BALANCE_CONVERTED(from, to));
  const fromBalance = balances.find((b) => b.currency === from)?.balance;
  return (
    <Dialog open onClose={send.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="convert-title">
      <DialogTitle id="convert-title">Convert Player Balance — {playerCode}</DialogTitle>
      <DialogContent>
        {wallet.isPending && <CircularProgress size={24} aria-label="Loading wallet" />}
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField select label="From currency" value={from} onChange={(e) => { setFrom(e.target.value); if (e.target.value === to) setTo(''); }}>
            {fromOptions.map((b) => (
              <MenuItem key={b.currency} value={b.currency}>
                {b.currency} ({b.balance})
              </MenuItem>
            ))}
          </TextField>
          <TextField select label="To currency" value={to} onChange={(e) => setTo(e.target.value)} required helperText={!to ? PAYMENT_MESSAGES.CONVERT_TO_REQUIRED : undefined}>
            {toOptions.map((b) => (
              <MenuItem key={b.currency} value={b.currency}>
                {b.currency}
              </MenuItem>
            ))}
          </TextField>
          {from && fromBalance && <Alert severity="info">The whole {fromBalance} {from} balance is converted at the current rates.</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={send.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={!from || !to || send.isPending}
          onClick={async () => {
            const ok = await confirm({ title: 'Convert Player Balance', description: `Convert ${fromBalance} ${from} of ${playerCode} to ${to}?`, confirmText: 'Convert' });
            if (ok) send.mutate({ playerId, fromCurrency: from, toCurrency: to });
          }}
        >
          Convert
        </Button>
      </DialogActions>
    </Dialog>
  );
}
