import { useState } from 'react';
import { Button } from '@mui/material';
import { useCan, useIsSuper } from '../shell/session';
import { ConvertBalanceDialog } from './ConvertBalanceDialog';
import { TopupBonusDialog } from './TopupBonusDialog';
import { TopupPlayerDialog } from './TopupPlayerDialog';
import { WalletClaimActions } from './WalletClaimActions';

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
      {open === 'topup' && <TopupPlayerDialog playerCode={playerCode} onClose={close} />}
      {open === 'bonus' && <TopupBonusDialog playerCode={playerCode} onClose={close} />}
      {open === 'convert' && <ConvertBalanceDialog playerId={playerId} playerCode={playerCode} onClose={close} />}
    </>
  );
}
