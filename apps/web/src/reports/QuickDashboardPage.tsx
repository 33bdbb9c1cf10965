import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { linkTo, type BadgeKey, type RoutePath } from '@pitboss/contract';
import { apiData } from '../api/endpoint';
import { useBadges } from '../api/shell';
import { loadErrorText } from '../kit/EmptyRow';
import { useCan } from '../shell/session';
import { useScope } from '../shell/useScope';
import { scopeBody } from './common';
import { FigureCards } from './DashboardPage';

/** The work queues the quick dashboard links to: the shell's bounded badge counts (999+ past 1,000). */
const QUEUES: readonly { badge: BadgeKey; label: string; path: RoutePath; slug: string }[] = [
  { badge: 'deposit', label: 'Pending deposits', path: '/deposit/pending', slug: 'deposit_pending' },
  { badge: 'withdraw', label: 'Pending withdrawals', path: '/withdraw/pending', slug: 'withdraw_pending' },
  { badge: 'kyc', label: 'KYC documents to review', path: '/documentsV2', slug: 'documentsV2' },
  { badge: 'bankAccounts', label: 'Bank accounts to review', path: '/withdraw/bank-accounts', slug: 'withdraw_bank_accounts' },
  { badge: 'cashback', label: 'Pending cashback', path: '/transactions/pending-cashback', slug: 'transactions_pending_cashback' },
  { badge: 'affProfit', label: 'Pending affiliate profit', path: '/transactions/pending-affiliate-profit', slug: 'transactions_pending_affiliate_profit' },
  { badge: 'playerUsernames', label: 'Username requests', path: '/players/usernames', slug: 'players_usernames' },
  { badge: 'tickets', label: 'Open support tickets', path: '/support', slug: 'support' },
];

/**
 * /quick-dashboard — today's key figures (UTC day) against yesterday's, and the pending queues
 * with links (pre-scoped to the selected operator). Test players are left out.
 */
export default function QuickDashboardPage() {
  const { opId, includeBrands, scopeSearch } = useScope();
  const can = useCan();
  const body = scopeBody({ opId, includeBrands });
  const q = useQuery({ queryKey: ['reports.quickDashboard', body], queryFn: () => apiData('reports.quickDashboard', { body }) });
  const badges = useBadges(opId, includeBrands, true);
  const queues = QUEUES.filter((x) => can(x.slug));
  return (
    <Stack spacing={2}>
      {q.isFetching && <LinearProgress aria-label="Loading the figures" />}
      {q.isError && <Alert severity="error">{loadErrorText(q.error)}</Alert>}
      {q.data && (
        <>
          <Typography variant="caption" color="text.secondary">Today ({q.data.today}, UTC) against yesterday.</Typography>
          <FigureCards c={q.data.current} p={q.data.previous} compare="Yesterday" />
        </>
      )}
      {queues.length > 0 && (
        <Paper variant="outlined" sx={{ p: 1.5 }} component="section" aria-label="Pending queues">
          <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>Pending queues</Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 1 }}>
            {queues.map((x) => {
              const n = (badges.data as Record<string, number | undefined> | undefined)?.[x.badge];
              return (
                <Button key={x.badge} component={RouterLink} to={linkTo(x.path as '/deposit/pending', undefined, scopeSearch)} variant="outlined" sx={{ justifyContent: 'space-between' }}>
                  <span>{x.label}</span>
                  <strong data-testid={`queue-${x.badge}`}>{n === undefined ? '…' : n >= 1000 ? '999+' : n.toLocaleString('en-US')}</strong>
                </Button>
              );
            })}
          </Box>
        </Paper>
      )}
    </Stack>
  );
}
