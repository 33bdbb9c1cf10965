import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, CircularProgress, LinearProgress, Stack, Typography } from '@mui/material';
import { MSG, cashbackLevelName, countOf } from '@pitboss/contract';
import { linkTo } from '@pitboss/contract/routes';
import type { DataOf } from '@pitboss/contract/endpoint-schemas';
import { apiData, type Input } from '../api/endpoint';
import { Fields } from '../kit/Fields';
import { formatUsd } from '../shell/rates';
import { AffiliateProfitCalculatorDialog } from '../rewards/AffiliateProfitCalculator';
import { LtvCalculatorDialog } from '../rewards/LtvCalculator';
import { AffiliateReports } from './AffiliateReports';
import { SettingsActions, useRewardSettings } from './RewardSettingsDialogs';
import { RewardHistoryActions } from './RewardHistoryActions';

/** The three panel calls of the Player Wallet (001 §2), read when a panel is opened, never cached. */
type PanelCall = 'reports.bonusSummary' | 'reports.affiliateSummary' | 'reports.cashbackSummary';
const usePanel = <K extends PanelCall>(name: K, playerCode: string, opId: string | undefined) =>
  useQuery({
    queryKey: ['player-panel', name, playerCode, opId ?? ''],
    queryFn: (): Promise<DataOf<K>> => apiData(name, { body: { playerCode, ...(opId ? { opId } : {}) } } as Input<K>),
    staleTime: 0,
    gcTime: 0,
  });

function Panel(props: { title: string; q: { isPending: boolean; isError: boolean }; children: () => ReactNode }) {
  return (
    <Box component="section" aria-label={props.title} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {props.title}
      </Typography>
      {props.q.isPending ? <CircularProgress size={20} aria-label={`Loading ${props.title}`} /> : props.q.isError ? <Alert severity="error">{MSG.GENERIC_ERROR}</Alert> : props.children()}
    </Box>
  );
}

/** A level's progress bar with what it measures, e.g. "$1,200.00 of $10,000.00 wagered". */
function Progress(props: { label: string; percent: number; caption: string }) {
  return (
    <Box>
      <LinearProgress variant="determinate" value={props.percent} aria-label={props.label} aria-valuetext={`${props.percent}%`} sx={{ height: 8, borderRadius: 1 }} />
      <Typography variant="caption" color="text.secondary" data-testid={`${props.label.toLowerCase().replace(/\W+/g, '-')}-caption`}>
        {props.caption}
      </Typography>
    </Box>
  );
}

/** Bonus panel: bonus wallet and claimed bonus. */
export function BonusPanel({ playerCode, opId }: { playerCode: string; opId?: string }) {
  const q = usePanel('reports.bonusSummary', playerCode, opId);
  return (
    <Panel title="Bonus panel" q={q}>
      {() => (
        <Fields
          items={[
            { label: 'Bonus wallet', value: formatUsd(q.data!.bonusWalletBalanceInUSD), testId: 'bonus-wallet' },
            { label: 'Claimed bonus', value: formatUsd(q.data!.totalClaimedBonusesInUSD), testId: 'claimed-bonus' },
          ]}
        />
      )}
    </Panel>
  );
}

/** Affiliate panel: level progress (referred players' wager against the next level's), estimated balance, minimum withdraw, Reports (the referred players' figures and charts). */
export function AffiliatePanel({ playerCode, opId, scopeSearch }: { playerCode: string; opId?: string; scopeSearch: string }) {
  const q = usePanel('reports.affiliateSummary', playerCode, opId);
  const [reports, setReports] = useState(false);
  const sep = scopeSearch ? '&' : '?';
  return (
    <Panel title="Affiliate panel" q={q}>
      {() => {
        const d = q.data!;
        const lv = d.affiliateLevel;
        const caption = lv.nextLevelRequiredWagerInUSD
          ? `${formatUsd(lv.referredPlayersWagerInUSD)} of ${formatUsd(lv.nextLevelRequiredWagerInUSD)} wagered by ${countOf(d.referredPlayers, 'referred player')} for level ${lv.currentLevel + 1}`
          : `Top level: ${formatUsd(lv.referredPlayersWagerInUSD)} wagered by ${countOf(d.referredPlayers, 'referred player')}`;
        return (
          <Stack spacing={1.5}>
            <Fields items={[{ label: 'Level', value: `Level ${lv.currentLevel}`, testId: 'affiliate-level' }]} />
            <Progress label="Affiliate level progress" percent={lv.currentLevelPercentage} caption={caption} />
            <Fields
              items={[
                { label: 'Estimated balance', value: formatUsd(d.estimatedBalanceInUSD), testId: 'affiliate-estimated-balance' },
                { label: 'Minimum withdraw', value: formatUsd(d.withdrawMinimumAmountInUSD), testId: 'affiliate-min-withdraw' },
              ]}
            />
            <Stack direction="row" spacing={1}>
              <Button size="small" variant={reports ? 'contained' : 'outlined'} aria-expanded={reports} onClick={() => setReports((v) => !v)}>
                Reports
              </Button>
              {/* The player's affiliate movements, pre-filtered. */}
              <Button size="small" variant="outlined" component={RouterLink} to={linkTo('/transactions/affiliate-profit', undefined, `${scopeSearch}${sep}playerCode=${encodeURIComponent(playerCode)}`)}>
                Affiliate movements
              </Button>
            </Stack>
            {reports && <AffiliateReports playerCode={playerCode} {...(opId ? { opId } : {})} />}
            <RewardHistoryActions kind="affiliate" playerCode={playerCode} {...(opId ? { opId } : {})} />
            <SettingsActions kind="affiliate" playerCode={playerCode} {...(opId ? { opId } : {})} />
            <CalculatorActions playerCode={playerCode} {...(opId ? { opId } : {})} />
          </Stack>
        );
      }}
    </Panel>
  );
}

/**
 * The affiliate panel's calculators (SUPER_ADMIN, ADMIN, as the panel): the Affiliate Profit
 * Calculator from the player's effective affiliate settings (edited there only, never saved) and
 * the player's LTV Calculator.
 */
function CalculatorActions({ playerCode, opId }: { playerCode: string; opId?: string }) {
  const q = useRewardSettings(playerCode, opId);
  const [open, setOpen] = useState<'profit' | 'ltv' | null>(null);
  return (
    <Stack direction="row" spacing={1}>
      <Button size="small" variant="outlined" disabled={!q.data} onClick={() => setOpen('profit')}>Affiliate Profit Calculator</Button>
      <Button size="small" variant="outlined" onClick={() => setOpen('ltv')}>LTV Calculator</Button>
      {open === 'profit' && q.data && <AffiliateProfitCalculatorDialog settings={q.data.affiliates.settings} onClose={() => setOpen(null)} />}
      {open === 'ltv' && <LtvCalculatorDialog playerCode={playerCode} {...(opId ? { opId } : {})} onClose={() => setOpen(null)} />}
    </Stack>
  );
}

/** Cashback panel: level, progress, available cashback, total received, current month received, minimum withdraw. */
export function CashbackPanel({ playerCode, opId }: { playerCode: string; opId?: string }) {
  const q = usePanel('reports.cashbackSummary', playerCode, opId);
  return (
    <Panel title="Cashback panel" q={q}>
      {() => {
        const d = q.data!;
        const s = d.appliedSettings;
        const caption = s.nextLevel
          ? `${formatUsd(d.totalLossInUSD)} of ${formatUsd(s.nextLevel.lostAmountInUSD)} net loss for ${cashbackLevelName(s.nextLevel.index).toLowerCase()} (${s.nextLevel.percentage}%)`
          : `Top level: ${formatUsd(d.totalLossInUSD)} net loss`;
        return (
          <Stack spacing={1.5}>
            <Fields items={[{ label: 'Level', value: s.currentLevel ? `${cashbackLevelName(s.currentLevel.index)} (${s.levelPercentage}% cashback)` : MSG.NO_CURRENT_LEVEL, testId: 'cashback-level' }]} />
            <Progress label="Cashback level progress" percent={s.progressPercentage} caption={caption} />
            <Fields
              items={[
                { label: 'Available cashback', value: formatUsd(d.cashbackAvailableToClaimInUSD), testId: 'cashback-available' },
                { label: 'Total received', value: formatUsd(d.cashbacksClaimedInUSD), testId: 'cashback-total' },
                { label: 'Received this month', value: formatUsd(d.currentMonthCashbacksInUSD), testId: 'cashback-month' },
                { label: 'Minimum withdraw', value: formatUsd(d.minWithdrawAmountInUSD), testId: 'cashback-min-withdraw' },
              ]}
            />
            <RewardHistoryActions kind="cashback" playerCode={playerCode} {...(opId ? { opId } : {})} />
            <SettingsActions kind="cashback" playerCode={playerCode} {...(opId ? { opId } : {})} />
          </Stack>
        );
      }}
    </Panel>
  );
}
