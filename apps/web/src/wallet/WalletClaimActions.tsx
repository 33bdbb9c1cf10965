import { Button } from '@mui/material';
import { useSnackbar } from 'notistack';
import { DECIMAL_PATTERN, MSG, REWARD_MESSAGES, cmpDec } from '@pitboss/contract';
import { usePlayerWallet, type PlayerWallet } from '../api/players';
import { WALLET_ERRORS } from '../api/wallet';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { useApiError } from '../kit/ErrorDialog';
import { useConfirm } from '../kit/useConfirm';
import { formatUsd } from '../shell/rates';

const positive = (v: string | undefined): v is string => !!v && DECIMAL_PATTERN.test(v) && cmpDec(v, '0') > 0;

/**
 * Claim Cashback (CASHBACK wallet → MAIN) and Withdraw Profit (AFFILIATE wallet → MAIN) of a
 * player, for SUPER_ADMIN and ADMIN (the caller checks the role). Each click re-reads the
 * wallet, confirms the amount read, and sends with a fresh Idempotency-Key; the withdraw sends
 * the affiliate balance that was shown, so a changed balance is refused by the server.
 */
export function WalletClaimActions({ playerCode, opId }: { playerCode: string; opId?: string }) {
  const wallet = usePlayerWallet(playerCode, true);
  const confirm = useConfirm();
  const reportError = useApiError();
  const { enqueueSnackbar } = useSnackbar();
  // Claim failures are titled "Unable to Claim" (001 §8).
  const claim = useEndpointMutation('rewards.cashbackClaim', { ...WALLET_ERRORS, errorTitle: MSG.UNABLE_TO_CLAIM, success: REWARD_MESSAGES.CASHBACK_CLAIMED, freshKey: true });
  const withdraw = useEndpointMutation('rewards.affiliateProfitWithdraw', { ...WALLET_ERRORS, errorTitle: MSG.UNABLE_TO_CLAIM, success: REWARD_MESSAGES.AFFILIATE_WITHDRAWN, freshKey: true });
  const busy = claim.isPending || withdraw.isPending || wallet.isFetching;

  /** The current balance of one side wallet, read again just before the confirmation. */
  const readBalance = async (pick: (w: PlayerWallet) => string): Promise<string | null> => {
    const fresh = await wallet.refetch();
    if (fresh.isError || !fresh.data) {
      reportError(fresh.error);
      return null;
    }
    const amount = pick(fresh.data);
    if (!positive(amount)) {
      enqueueSnackbar(REWARD_MESSAGES.NOTHING_TO_CLAIM, { variant: 'info' });
      return null;
    }
    return amount;
  };

  const onClaim = async () => {
    const amount = await readBalance((w) => w.cashback.balanceInUsd);
    if (!amount) return;
    const ok = await confirm({
      title: 'Claim Cashback confirmation',
      description: `Move the cashback balance of ${playerCode}, ${formatUsd(amount)}, to the main wallet?`,
      confirmText: 'Claim',
    });
    if (ok) claim.mutate({ body: { opId, playerCode } });
  };
  const onWithdraw = async () => {
    const amount = await readBalance((w) => w.affiliate.balanceInUsd);
    if (!amount) return;
    const ok = await confirm({
      title: 'Withdraw Profit Confirmation',
      description: `Move the affiliate profit of ${playerCode}, ${formatUsd(amount)}, to the main wallet?`,
      confirmText: 'Withdraw',
    });
    if (ok) withdraw.mutate({ body: { opId, playerCode, totalProfitInUSD: amount } });
  };

  return (
    <>
      <Button variant="outlined" size="small" disabled={busy || !positive(wallet.data?.cashback.balanceInUsd)} onClick={() => void onClaim()}>
        Claim Cashback
      </Button>
      <Button variant="outlined" size="small" disabled={busy || !positive(wallet.data?.affiliate.balanceInUsd)} onClick={() => void onWithdraw()}>
        Withdraw Profit
      </Button>
    </>
  );
}
