import { Link as RouterLink } from 'react-router';
import { Link } from '@mui/material';
import { label, type PlayerRow } from '@pitboss/contract';
import { Fields } from '../kit/Fields';
import { CopyButton } from '../kit/CopyButton';
import { Usd } from '../kit/Money';
import { useFormatTime, useSession } from '../shell/session';
import { useScope } from '../shell/useScope';
import { PlayerTags } from './PlayerTags';
import { linkTo } from '@pitboss/contract/routes';

/** The player facts shown in the drawer and on the details page. */
export function PlayerSummary({ p, linkToPage }: { p: PlayerRow; linkToPage?: boolean }) {
  const fmt = useFormatTime();
  const { user } = useSession();
  const { scopeSearch } = useScope();
  const href = linkTo('/players/:playerCode', { playerCode: p.playerCode }, scopeSearch);
  return (
    <Fields
      items={[
        {
          label: 'Player code',
          value: (
            <>
              {linkToPage ? (
                <Link component={RouterLink} to={href}>
                  {p.playerCode}
                </Link>
              ) : (
                p.playerCode
              )}
              <CopyButton value={p.playerCode} label="Copy player code" />
            </>
          ),
        },
        { label: 'Username', value: p.username ?? '—' },
        { label: 'Email', value: p.email ?? '—' },
        { label: 'Operator/Brand', value: p.parentOpTitle && user.role === 'SUPER_ADMIN' ? `${p.opTitle} (${p.parentOpTitle})` : p.opTitle },
        { label: 'Wallet (USD)', value: <Usd value={p.wallet.inUSD.balance} /> },
        { label: 'Active currency', value: p.activeCurrency },
        { label: 'Status', value: <PlayerTags p={p} /> },
        { label: '2FA', value: p.twoFactorEnabled ? 'Enabled' : 'Disabled' },
        { label: 'Joined at', value: fmt(p.createdAt), testId: 'joined-at' },
        { label: 'Last Activity', value: fmt(p.lastActivityAt), testId: 'last-activity' },
        { label: 'Bets / Deposits / Withdrawals', value: `${p.playerStats.totalBetCount} / ${p.playerStats.totalDepositCount} / ${p.playerStats.totalWithdrawCount}` },
        { label: 'KYC', value: p.kyc.verifications.map((v) => `${label('kycStatus', v.status)}: ${v.count}`).join(', ') || '—' },
      ]}
    />
  );
}
