import { Suspense, useState } from 'react';
import { useNavigate, useParams, Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, CircularProgress, Link, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { BONUS_DEFINITION_MESSAGES, label, type BonusDefinitionRow } from '@pitboss/contract';
import { linkTo } from '@pitboss/contract/routes';
import { apiData } from '../api/endpoint';
import { DeleteAction } from '../kit/actions/DeleteAction';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { Fields } from '../kit/Fields';
import { JsonBlock } from '../kit/JsonBlock';
import { Usd } from '../kit/Money';
import { lazyDialog } from '../kit/lazyDialog';
import { operatorName } from '../kit/operator';
import { useFormatTime } from '../shell/session';
import { useBonusJsonTab } from '../kit/useBonusJsonTab';
import { useCanCall } from '../shell/useCanCall';
import { useScope } from '../shell/useScope';
import { BonusDefinitionStatusChip, percentText } from './BonusDefinitionsPage';

const EditDialog = lazyDialog(() => import('./BonusDefinitionDialogs'), 'EditBonusDefinitionDialog');
const CloneDialog = lazyDialog(() => import('./BonusDefinitionDialogs'), 'CloneBonusDefinitionDialog');

const listOf = (xs: string[], every: string) => (xs.length ? xs.join(', ') : every);

/** Delete Bonus (002: destructive, confirmed): a soft delete; back to the list. */
function DeleteBonusAction({ d }: { d: BonusDefinitionRow }) {
  const navigate = useNavigate();
  const { scopeSearch } = useScope();
  const remove = useEndpointMutation('bonusDefs.delete', {
    success: BONUS_DEFINITION_MESSAGES.DELETED, errorTitle: BONUS_DEFINITION_MESSAGES.DELETE_FAILED,
    onDone: () => navigate(linkTo('/bonus', undefined, scopeSearch)),
  });
  return (
    <DeleteAction
      label="Delete"
      title="Delete Bonus"
      description={`Delete the bonus "${d.title}"? It is no longer offered and leaves the list; the bonuses players already received stay.`}
      busy={remove.isPending}
      button={{ size: 'small', variant: 'outlined' }}
      onConfirmed={() => remove.mutate({ query: { bonusId: d.bonusId, opId: d.opId } })}
    />
  );
}

/** /bonus/:id — Bonus Details: the definition, Edit, Clone, Delete; the JSON tab for SUPER_ADMIN only (001 §6). */
export default function BonusDefinitionDetailsPage() {
  const { id = '' } = useParams();
  const fmt = useFormatTime();
  const navigate = useNavigate();
  const canCall = useCanCall();
  const bonusJson = useBonusJsonTab();
  const { scopeSearch } = useScope();
  const [tab, setTab] = useState(0);
  const [dialog, setDialog] = useState<'edit' | 'clone' | null>(null);
  const q = useQuery({ queryKey: ['bonusDefs.get', id], queryFn: () => apiData('bonusDefs.get', { params: { bonusId: id } }), enabled: !!id });
  if (!q.data) {
    return q.error
      ? <Alert severity="error">{(q.error as { messages?: string[] }).messages?.[0] ?? BONUS_DEFINITION_MESSAGES.NOT_FOUND}</Alert>
      : <CircularProgress size={24} aria-label="Loading bonus" />;
  }
  const d = q.data;
  const json = bonusJson;
  const editable = canCall('bonusDefs.update', { record: d });
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h6" component="h2">{d.title}</Typography>
          <Stack direction="row" spacing={1}>
            {editable && <Button size="small" variant="outlined" onClick={() => setDialog('edit')}>Edit</Button>}
            {canCall('bonusDefs.clone', { record: d }) && <Button size="small" variant="outlined" onClick={() => setDialog('clone')}>Clone</Button>}
            {canCall('bonusDefs.delete', { record: d }) && <DeleteBonusAction d={d} />}
          </Stack>
        </Stack>
        <Tabs value={tab} onChange={(_, v: number) => setTab(v)} aria-label="Bonus details tabs">
          <Tab label="Details" />
          {json && <Tab label="JSON" />}
        </Tabs>
        {tab === 0 || !json ? (
          <Fields items={[
            { label: 'Operator/Brand', value: operatorName(d) },
            { label: 'Status', value: <BonusDefinitionStatusChip status={d.status} /> },
            { label: 'Description', value: d.description || '—' },
            { label: 'Start time', value: fmt(d.startTime) },
            { label: 'End time', value: fmt(d.endTime) },
            { label: 'Percentage of deposit', value: percentText(d) },
            { label: 'Max bonus', value: <Usd value={d.maxBonusInUSD} /> },
            { label: 'Min deposit', value: <Usd value={d.minDepositInUSD} /> },
            { label: 'Wager requirement', value: `×${d.wagerMultiplier} the bonus` },
            { label: 'Bet type', value: label('bonusBetType', d.betType) },
            { label: 'Providers', value: listOf(d.providers, 'Every provider') },
            { label: 'Games', value: listOf(d.games, 'Every game') },
            { label: 'Currencies', value: listOf(d.currencies, 'Every currency') },
            {
              label: 'Players',
              value: <Link component={RouterLink} to={`${linkTo('/bonus/list', undefined, scopeSearch)}${scopeSearch ? '&' : '?'}bonusId=${d.bonusId}`}>{d.playersCount} · <Usd value={d.totalBonusInUSD} /></Link>,
            },
            { label: 'Created', value: `${fmt(d.createdAt)}${d.createdBy ? ` by ${d.createdBy}` : ''}` },
            { label: 'Updated', value: `${fmt(d.updatedAt)}${d.updatedBy ? ` by ${d.updatedBy}` : ''}` },
            { label: 'Version', value: d.version },
            ...(d.clonedFrom ? [{ label: 'Cloned from', value: <Link component={RouterLink} to={linkTo('/bonus/:id', { id: d.clonedFrom }, scopeSearch)}>{d.clonedFrom}</Link> }] : []),
          ]} />
        ) : <JsonBlock value={d} />}
      </Stack>
      <Suspense fallback={null}>
        {dialog === 'edit' && <EditDialog d={d} onClose={() => setDialog(null)} />}
        {dialog === 'clone' && <CloneDialog d={d} onClose={() => setDialog(null)} onCloned={(c) => { setDialog(null); navigate(linkTo('/bonus/:id', { id: c.bonusId }, scopeSearch)); }} />}
      </Suspense>
    </Paper>
  );
}
