import { Suspense, useState } from 'react';
import { Button } from '@mui/material';
import { useCan, useIsSuper } from '../shell/session';
import { lazyDialog } from '../kit/lazyDialog';
import { WalletClaimActions } from './WalletClaimActions';

const ConvertBalanceDialog = lazyDialog(() => import('./ConvertBalanceDialog'), 'ConvertBalanceDialog');
const TopupBonusDialog = lazyDialog(() => import('./TopupBonusDialog'), 'TopupBonusDialog');
const TopupPlayerDialog = lazyDialog(() => import('./TopupPlayerDialog'), 'TopupPlayerDialog');

/** Top-up, bonus top-up, balance conversion, Claim Cashback and Withdraw Profit buttons of a player (SUPER_ADMIN and ADMIN only). */
export function WalletActions({ playerId, playerCode, opId, isDeleted }: { playerId: string; playerCode: string; opId?: string; isDeleted: boolean }) {
  const isSuper = useIsSuper();
  const allowed = useCan();
  const [open, setOpen] = useState<'topup' | 'bonus' | 'convert' | null>(null);
  if (!isSuper || isDeleted) return null;
  const close = () => setOpen(null);
  return (
    <>
      {allowed('topup_list') && (
        <>
          <Button variant="outlined" size="small" onClick={() => setOpen('topup')}>
            Topup Player
          </Button>
          <Button variant="outlined" size="small" onClick={() => setOpen('bonus')}>
            Topup Player Bonus
          </Button>
        </>
      )}
      <Button variant="outlined" size="small" onClick={() => setOpen('convert')}>
        Convert Balance
      </Button>
      <WalletClaimActions playerCode={playerCode} opId={opId} />
      <Suspense fallback={null}>
        {open === 'topup' && <TopupPlayerDialog playerCode={playerCode} onClose={close} />}
        {open === 'bonus' && <TopupBonusDialog playerCode={playerCode} onClose={close} />}
        {open === 'convert' && <ConvertBalanceDialog playerId={playerId} playerCode={playerCode} onClose={close} />}
      </Suspense>
    </>
  );
}
