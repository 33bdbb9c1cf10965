/**
 * What the domains page shows itself and its dialogs reuse: the account selector's data and the
 * automation's progress. Apart from dialogs.tsx so the page does not load the forms' code with it.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, LinearProgress, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { AUTOMATION_STATUS_LABELS, AUTOMATION_STEPS, AUTOMATION_STEP_LABELS, type AutomationStatus, type AutomationStep } from '@pitboss/contract';
import type { ListAnswer } from '@pitboss/contract';
import type { QueryOf, ZoneView } from '@pitboss/contract/endpoint-schemas';
import { apiData } from '../api/endpoint';

type ZonesQuery = Omit<QueryOf<'infra.zones'>, 'domainName' | 'isForceFetch'>;
/** A page of domains (GET …/v2/zones without `domainName`, which would answer one domain instead). */
export async function zonesPage(query: ZonesQuery): Promise<ListAnswer<ZoneView>> {
  const d = await apiData('infra.zones', { query });
  if (!('items' in d)) throw new Error('infra.zones answered one domain for a list');
  return d;
}

/** The Cloudflare accounts of an operator, for the account selector (their codes, never their tokens). */
export function useCfTokens(opId?: string) {
  return useQuery({ queryKey: ['infra.cfTokens', opId ?? ''], queryFn: () => apiData('infra.cfTokens', { query: opId ? { opId } : {} }) });
}

const statusColor = (s: string) => (s === 'COMPLETED' ? 'success' : s === 'ERROR' ? 'error' : 'info') as 'success' | 'error' | 'info';

/** The add-domain automation's progress (000 §4): in progress / completed / error, each step, and the name servers. */
export function AutomationProgress({ zone }: { zone: ZoneView }) {
  const a = zone.automation;
  const at = a.step ? AUTOMATION_STEPS.indexOf(a.step as AutomationStep) : a.status === 'COMPLETED' ? AUTOMATION_STEPS.length : -1;
  return (
    <Stack spacing={1} aria-label="Automation progress">
      <Alert severity={statusColor(a.status)}>
        {AUTOMATION_STATUS_LABELS[a.status as AutomationStatus] ?? a.status}{a.error ? `: ${a.error}` : ''}
      </Alert>
      {a.status === 'IN_PROGRESS' && <LinearProgress variant="determinate" value={(Math.max(at, 0) / AUTOMATION_STEPS.length) * 100} />}
      {a.status !== 'NONE' && (
        <List dense>
          {AUTOMATION_STEPS.map((s, i) => (
            <ListItem key={s} disableGutters>
              <ListItemText primary={AUTOMATION_STEP_LABELS[s]} secondary={i < at || a.status === 'COMPLETED' ? 'Done' : i === at ? (a.status === 'ERROR' ? 'Failed' : 'Running') : 'Waiting'} />
            </ListItem>
          ))}
        </List>
      )}
      {zone.cfZoneNameServers.length > 0 && (
        <Typography variant="body2">Name servers: <strong>{zone.cfZoneNameServers.join(', ')}</strong></Typography>
      )}
    </Stack>
  );
}
