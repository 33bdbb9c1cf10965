import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Tab, Tabs, TextField, Typography } from '@mui/material';
import {
  BANKING_MESSAGES, DECIMAL_PATTERN, MSG, PAYMENT_MESSAGES, UTOPIA_CURRENCY, VOUCHER_INPUT_MIN, VOUCHER_SUBMIT_MIN, cmpDec, formatMoney, label, utopiaTopupBody, utopiaWithdrawPositiveBody,
} from '@pitboss/contract';
import type { TreasuryEntry, TreasuryRow } from '../api/banking';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { CopyButton } from '../kit/CopyButton';
import { Fields } from '../kit/Fields';
import { Money } from '../kit/Money';
import { JsonBlock } from '../transactions/TransactionFields';
import { useFormatTime, useIsSuper } from '../shell/session';

/* The Utopia wallet dialogs of /withdraw/treasuries, loaded when one is opened. */

/** The balance of the Utopia wallet the dialogs read (001 §3: configs.config.wallets[0].balance). */
const walletBalance = (t: TreasuryRow) => t.configs.config.wallets[0]?.balance ?? t.balance;

/** How a Utopia money movement reports a failure: "Unable To Proceed" with the server's messages, or else the internal error (001 §8), answer or none. */
const UTOPIA_ERRORS = {
  errorTitle: MSG.UNABLE_TO_PROCEED,
  errorFallback: () => PAYMENT_MESSAGES.UTOPIA_INTERNAL,
};

export function UtopiaTopupDialog({ t, onClose }: { t: TreasuryRow; onClose: () => void }) {
  return (
    <EndpointDialog
      endpoint="banking.utopiaTopup"
      title="Topup Utopia Wallet"
      schema={utopiaTopupBody}
      defaultValues={{ uuid: t.uuid, voucherCode: '' }}
      submitText="Topup"
      onClose={onClose}
      confirm={() => ({ title: 'Topup Utopia Wallet Confirmation', description: `Redeem this voucher into ${t.title}?`, confirmText: 'Topup' })}
      input={(body) => ({ body })}
      options={{ ...UTOPIA_ERRORS, success: BANKING_MESSAGES.UTOPIA_TOPUP_DONE }}
    >
      {({ control }) => (
        <Controller
          name="voucherCode"
          control={control}
          render={({ field }) => (
            <TextField
              {...field}
              fullWidth
              label="Voucher code"
              helperText={field.value.trim().length < VOUCHER_SUBMIT_MIN ? PAYMENT_MESSAGES.UTOPIA_VOUCHER_MIN : `${field.value.trim().length} characters`}
              slotProps={{ htmlInput: { minLength: VOUCHER_INPUT_MIN, maxLength: 64, autoComplete: 'off' } }}
            />
          )}
        />
      )}
    </EndpointDialog>
  );
}

export function UtopiaWithdrawDialog({ t, onClose }: { t: TreasuryRow; onClose: () => void }) {
  const balance = walletBalance(t);
  const over = (amount: string) => DECIMAL_PATTERN.test(amount.trim()) && cmpDec(amount.trim(), balance) > 0;
  const schema = useMemo(
    () => utopiaWithdrawPositiveBody.refine((v) => !DECIMAL_PATTERN.test(v.amount) || cmpDec(v.amount, balance) <= 0, { message: PAYMENT_MESSAGES.UTOPIA_OVER_BALANCE, path: ['amount'] }),
    [balance],
  );
  return (
    <EndpointDialog
      endpoint="banking.utopiaWithdraw"
      title="Withdraw Utopia Wallet"
      maxWidth="xs"
      schema={schema}
      defaultValues={{ uuid: t.uuid, amount: '' }}
      submitText="Withdraw"
      onClose={onClose}
      confirm={(v) => ({ title: 'Withdraw Utopia Wallet Confirmation', description: `Withdraw ${formatMoney(v.amount, UTOPIA_CURRENCY)} from ${t.title}?`, confirmText: 'Withdraw' })}
      input={(body) => ({ body })}
      options={{ ...UTOPIA_ERRORS, success: BANKING_MESSAGES.UTOPIA_WITHDRAW_DONE }}
    >
      {({ control }) => (
        <>
          <Typography variant="body2">
            Balance: <Money amount={balance} currency={UTOPIA_CURRENCY} />
          </Typography>
          <Controller
            name="amount"
            control={control}
            render={({ field }) => (
              <TextField
                {...field}
                fullWidth
                label={`Amount (${UTOPIA_CURRENCY})`}
                inputMode="decimal"
                error={over(field.value)}
                helperText={over(field.value) ? PAYMENT_MESSAGES.UTOPIA_OVER_BALANCE : undefined}
                slotProps={{ htmlInput: { maxLength: 24 } }}
              />
            )}
          />
        </>
      )}
    </EndpointDialog>
  );
}

/** Utopia Wallet Transaction Details (001 §2): tabs Details and JSON (JSON for SUPER_ADMIN and ADMIN). */
export function UtopiaTxDialog({ e, onClose }: { e: TreasuryEntry; onClose: () => void }) {
  const fmt = useFormatTime();
  const isSuper = useIsSuper();
  const [tab, setTab] = useState(0);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="utopia-tx-title">
      <DialogTitle id="utopia-tx-title">Utopia Wallet Transaction Details</DialogTitle>
      {isSuper && (
        <Tabs value={tab} onChange={(_, v: number) => setTab(v)} aria-label="Utopia transaction tabs" sx={{ px: 2 }}>
          <Tab label="Details" />
          <Tab label="JSON" />
        </Tabs>
      )}
      <DialogContent>
        {tab === 0 ? (
          <Fields
            items={[
              { label: 'Transaction ID', value: <>{e.txId} <CopyButton value={e.txId} /></> },
              { label: 'Type', value: label('txType', e.transactionType) },
              { label: 'Sub-type', value: e.transactionSubType ? label('txSubType', e.transactionSubType) : null },
              { label: 'Status', value: label('txStatus', e.status) },
              { label: 'Amount', value: <Money amount={e.amount} currency={e.currency} /> },
              { label: 'Fee', value: e.fee ? <Money amount={e.fee} currency={e.currency} /> : null },
              { label: 'Balance after', value: <Money amount={e.balanceAfter} currency={e.currency} /> },
              { label: 'Voucher code', value: e.voucherCode },
              { label: 'Voucher ref. no', value: e.voucherRefNo },
              { label: 'Customer ID', value: e.customerId },
              { label: 'By', value: e.createdBy },
              { label: 'Created at', value: fmt(e.createdAt) },
              { label: 'Updated at', value: e.updatedAt ? fmt(e.updatedAt) : null },
              { label: 'Confirmed at', value: e.confirmedAt ? fmt(e.confirmedAt) : null },
            ]}
          />
        ) : (
          <JsonBlock value={e} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
