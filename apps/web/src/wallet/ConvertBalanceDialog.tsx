import { Alert, CircularProgress, MenuItem, TextField } from '@mui/material';
import { PAYMENT_MESSAGES, cmpDec, convertBalanceBody, formatMoney, formatRate } from '@pitboss/contract';
import { usePlayerWallet } from '../api/players';
import { WALLET_ERRORS } from '../api/wallet';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { conversionPreview } from './convert';

/**
 * Convert Player Balance (001 §2, §5): the whole balance of one wallet into another of the
 * player's wallets. The two lists never offer the same currency; the rate and the amount the
 * player gets are shown before the confirmation.
 */
export function ConvertBalanceDialog({ playerId, playerCode, onClose }: { playerId: string; playerCode: string; onClose: () => void }) {
  const wallet = usePlayerWallet(playerCode, true);
  const balances = wallet.data?.balances ?? [];
  const describe = (from: string, to: string) => {
    const p = conversionPreview(balances, from, to);
    return p
      ? `Convert ${formatMoney(p.amount, from)} of ${playerCode} to ${formatMoney(p.result, to)} (1 ${from} = ${formatRate(p.rate)} ${to})?`
      : `Convert the ${from} balance of ${playerCode} to ${to}?`;
  };
  return (
    <EndpointDialog
      endpoint="banking.walletConvert"
      title={`Convert Player Balance — ${playerCode}`}
      maxWidth="xs"
      schema={convertBalanceBody}
      defaultValues={{ playerId, fromCurrency: '', toCurrency: '' }}
      submitText="Convert"
      onClose={onClose}
      confirm={(v) => ({ title: 'Convert Player Balance', description: describe(v.fromCurrency, v.toCurrency), confirmText: 'Convert' })}
      input={(body) => ({ body })}
      options={{ ...WALLET_ERRORS, success: (_, { body }) => PAYMENT_MESSAGES.BALANCE_CONVERTED(body.fromCurrency, body.toCurrency) }}
    >
      {({ watch, setValue }) => {
        const [from, to] = [watch('fromCurrency'), watch('toCurrency')];
        const preview = conversionPreview(balances, from, to);
        const set = (field: 'fromCurrency' | 'toCurrency', v: string) => setValue(field, v, { shouldValidate: true, shouldDirty: true });
        return (
          <>
            {wallet.isPending && <CircularProgress size={24} aria-label="Loading wallet" />}
            <TextField select label="From currency" value={from} onChange={(e) => set('fromCurrency', e.target.value)}>
              {balances.filter((b) => cmpDec(b.balance, '0') > 0 && b.currency !== to).map((b) => (
                <MenuItem key={b.currency} value={b.currency}>
                  {formatMoney(b.balance, b.currency)}
                </MenuItem>
              ))}
            </TextField>
            <TextField select label="To currency" value={to} onChange={(e) => set('toCurrency', e.target.value)} required helperText={!to ? PAYMENT_MESSAGES.CONVERT_TO_REQUIRED : undefined}>
              {balances.filter((b) => b.currency !== from).map((b) => (
                <MenuItem key={b.currency} value={b.currency}>
                  {b.currency}
                </MenuItem>
              ))}
            </TextField>
            {preview ? (
              <Alert severity="info" data-testid="convert-preview">
                Rate: 1 {from} = {formatRate(preview.rate)} {to}. The whole {formatMoney(preview.amount, from)} becomes {formatMoney(preview.result, to)}.
              </Alert>
            ) : (
              from && <Alert severity="info">The whole {formatMoney(balances.find((b) => b.currency === from)?.balance, from)} balance is converted at the current rates.</Alert>
            )}
          </>
        );
      }}
    </EndpointDialog>
  );
}
