import { useState } from 'react';
import { Box, Tab, Tabs, Typography } from '@mui/material';
import { DEFAULT_AFFILIATE_SETTINGS } from '@pitboss/contract';
import { useCanCall } from '../shell/useCanCall';
import { AffiliateProfitCalculator } from './AffiliateProfitCalculator';
import { CashbackCalculator } from './CashbackCalculator';
import { LtvCalculator } from './LtvCalculator';

/**
 * The calculators page (001 §2, /internal-cashback-affiliate-calculator): Cashback, Affiliate
 * Profit and — for the roles that see players' figures (SUPER_ADMIN, ADMIN) — LTV. The affiliate
 * calculator starts from the default operator settings here (no player is chosen); from a
 * player's affiliate panel it starts from the player's effective settings. Nothing is saved.
 */
export default function CalculatorsPage() {
  const canCall = useCanCall();
  const tabs = [
    { key: 'cashback', label: 'Cashback Calculator', node: <CashbackCalculator /> },
    { key: 'affiliate', label: 'Affiliate Profit Calculator', node: <Box sx={{ maxWidth: 960 }}><AffiliateProfitCalculator settings={DEFAULT_AFFILIATE_SETTINGS} /></Box> },
    ...(canCall('reports.playerLtv') ? [{ key: 'ltv', label: 'LTV Calculator', node: <Box sx={{ maxWidth: 640 }}><LtvCalculator /></Box> }] : []),
  ];
  const [tab, setTab] = useState('cashback');
  const current = tabs.find((t) => t.key === tab) ?? tabs[0]!;
  return (
    <Box>
      <Typography variant="h5" component="h1" gutterBottom>{current.label}</Typography>
      <Tabs value={current.key} onChange={(_, v: string) => setTab(v)} sx={{ mb: 2 }}>
        {tabs.map((t) => <Tab key={t.key} value={t.key} label={t.label} />)}
      </Tabs>
      {current.node}
    </Box>
  );
}
