import { Alert, CircularProgress, MenuItem, TextField } from '@mui/material';
import { PAYMENT_MESSAGES, cmpDec, convertBalanceBody } from '@pitboss/contract';
import { usePlayerWallet } from '../api/players';
import { WALLET_ERRORS } from '../api/wallet';
import { EndpointDialog } from '../kit/actions/EndpointDialog';

/** Convert Player Balance (001 §2, §5): the whole balance of one wallet into another of the player's wallets. */
export function ConvertBalanceDialog({ playerId, playerCode, onClose }: { playerId: string; playerCode: string; onClose: () => void }) {
  const wallet = usePlayerWallet(playerCode, true);
  const balances = wallet.data?.balances ?? [];
  const balanceOf = (currency: string) => balances.find((b) => b.currency === currency)?.balance;
  return (
    <EndpointDialog
      endpoint="banking.walletConvert"
      title={`Convert Player Balance — ${playerCode}`}
      maxWidth="xs"
      schema={convertBalanceBody}
      defaultValues={{ playerId, fromCurrency: '', toCurrency: '' }}
      submitText="Convert"
      onClose={onClose}
      confirm={(v) => ({ title: 'Convert Player Balance', description: `Convert ${balanceOf(v.fromCurrency)} ${v.fromCurrency} of ${playerCode} to ${v.toCurrency}?`, confirmText: 'Convert' })}
      input={(body) => ({ body })}
      options={{ ...WALLET_ERRORS, success: (_, { body }) => PAYMENT_MESSAGES.BALANCE_CONVERTED(body.fromCurrency, body.toCurrency) }}
    >
      {({ watch, setValue }) => {
        const [from, to] = [watch('fromCurrency'), watch('toCurrency')];
        return (
          <>
            {wallet.isPending && <CircularProgress size={24} aria-label="Loading wallet" />}
            <TextField select label="From currency" value={from} onChange={(e) => { setValue('fromCurrency', e.target.value, { shouldValidate: true, shouldDirty: true }); if (e.target.value === to) setValue('toCurrency', '', { shouldValidate: true }); }}>
              {balances.filter((b) => cmpDec(b.balance, '0') > 0).map((b) => (
                <MenuItem key={b.currency} value={b.currency}>
                  {b.currency} ({b.balance})
                </MenuItem>
              ))}
            </TextField>
            <TextField select label="To currency" value={to} onChange={(e) => setValue('toCurrency', e.target.value, { shouldValidate: true, shouldDirty: true })} required helperText={!to ? PAYMENT_MESSAGES.CONVERT_TO_REQUIRED : undefined}>
              {balances.filter((b) => b.currency !== from).map((b) => (
                <MenuItem key={b.currency} value={b.currency}>
                  {b.currency}
                </MenuItem>
              ))}
            </TextField>
            {from && balanceOf(from) && <Alert severity="info">The whole {balanceOf(from)} {from} balance is converted at the current rates.</Alert>}
          </>
        );
      }}
    </EndpointDialog>
  );
}
