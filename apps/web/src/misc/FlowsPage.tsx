import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { Alert, Button, Chip, FormControlLabel, LinearProgress, MenuItem, Stack, Switch, Table, TableBody, TableHead, TableRow, Typography } from '@mui/material';
import { TableCell } from '../kit/TableCell';
import AddIcon from '@mui/icons-material/Add';
import {
  AMOUNT_TRIGGERS, FLOW_ACTIONS, FLOW_ACTION_LABELS, FLOW_MESSAGES, FLOW_MESSAGE_MAX, FLOW_NAME_MAX, FLOW_TAG_MAX, FLOW_TRIGGERS, FLOW_TRIGGER_LABELS,
  MSG, flowForm, type FlowAction, type FlowTrigger,
} from '@pitboss/contract';
import type { FlowView } from '@pitboss/contract/endpoints/schemas/misc';
import { apiData } from '../api/endpoint';
import { DeleteAction } from '../kit/actions/DeleteAction';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { FormSwitch } from '../kit/actions/FormSwitch';
import { FormTextField } from '../kit/actions/FormTextField';
import { useEndpointMutation, type MutationInput } from '../kit/actions/useEndpointMutation';
import { ListPage, type Column, type DrawerContext } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { useListParams } from '../kit/useListParams';
import { Usd } from '../kit/Money';
import { operatorName } from '../kit/operator';
import { useFormatTime } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';
import { useScope } from '../shell/useScope';

const NEW = 'new';
const urlShape = {
  trigger: z.enum(FLOW_TRIGGERS).optional(),
  isActive: z.enum(['true', 'false']).optional(),
  name: z.string().trim().min(1).max(FLOW_NAME_MAX).optional(),
};
const FILTERS: FilterDef[] = [
  { name: 'trigger', label: 'Trigger', type: 'select', options: FLOW_TRIGGERS.map((t) => ({ value: t, label: FLOW_TRIGGER_LABELS[t] })) },
  { name: 'isActive', label: 'Active', type: 'select', options: [{ value: 'true', label: 'Active' }, { value: 'false', label: 'Off' }] },
  { name: 'name', label: 'Name', maxLength: FLOW_NAME_MAX },
];

const triggerText = (f: Pick<FlowView, 'trigger' | 'minAmountUsd'>) =>
  `${FLOW_TRIGGER_LABELS[f.trigger as FlowTrigger] ?? f.trigger}${f.minAmountUsd ? ` ≥ $${f.minAmountUsd.replace(/\.?0+$/, '')}` : ''}`;
const actionText = (f: Pick<FlowView, 'action' | 'tag'>) => `${FLOW_ACTION_LABELS[f.action as FlowAction] ?? f.action}${f.tag ? `: ${f.tag}` : ''}`;

/** The run history of a flow: each event it ran on, newest first. */
function Runs({ flowId }: { flowId: string }) {
  const fmt = useFormatTime();
  const q = useQuery({ queryKey: ['flows.runs', flowId], queryFn: () => apiData('flows.runs', { body: { flowId, limit: 50 } }) });
  const items = q.data?.items ?? [];
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">Run history</Typography>
      {q.isLoading && <LinearProgress />}
      <Table size="small" aria-label="Run history">
        <TableHead><TableRow><TableCell>Time</TableCell><TableCell>Player</TableCell><TableCell align="right">Amount</TableCell><TableCell>Outcome</TableCell></TableRow></TableHead>
        <TableBody>
          {q.data && items.length === 0 && <TableRow><TableCell colSpan={4}>{MSG.NO_DATA}</TableCell></TableRow>}
          {items.map((r) => (
            <TableRow key={r.id}>
              <TableCell>{fmt(r.createdAt)}</TableCell>
              <TableCell>{r.username ?? r.playerCode ?? '—'}</TableCell>
              <TableCell align="right">{r.amountUsd ? <Usd value={r.amountUsd} /> : '—'}</TableCell>
              <TableCell>{r.outcome}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {q.data?.remaining && <Typography variant="caption" color="text.secondary">The latest 50 runs.</Typography>}
    </Stack>
  );
}

/** New Flow / Flow Details: the form (trigger, conditions, action, active), Delete, and the run history. */
function FlowDrawer({ ctx }: { ctx: DrawerContext<FlowView> }) {
  const isNew = ctx.openKey === NEW;
  const flow = isNew ? undefined : ctx.row;
  const canCall = useCanCall();
  const mayEdit = canCall(isNew ? 'flows.create' : 'flows.update');
  const { opId } = useScope();
  const remove = useEndpointMutation('flows.delete', { success: FLOW_MESSAGES.DELETED, onDone: ctx.close });
  return (
    <EndpointDialog
      drawer
      endpoint={isNew ? 'flows.create' : 'flows.update'}
      title={isNew ? 'New Flow' : flow ? `Flow: ${flow.name}` : 'Flow'}
      schema={flowForm}
      defaultValues={{
        name: flow?.name ?? '', trigger: (flow?.trigger as FlowTrigger | undefined) ?? 'DEPOSIT_CONFIRMED', minAmountUsd: flow?.minAmountUsd?.replace(/\.?0+$/, '') ?? '',
        realPlayersOnly: flow?.realPlayersOnly ?? true, action: (flow?.action as FlowAction | undefined) ?? 'NOTIFY_STAFF', tag: flow?.tag ?? '', message: flow?.message ?? '',
        isActive: flow?.isActive ?? true,
      }}
      checkOnSubmit
      discardText="The changes of this flow are not saved."
      submitText="Save"
      hideSubmit={!mayEdit}
      submitDisabled={() => isNew && !opId}
      onClose={ctx.close}
      input={(v) => {
        const body = { ...v, minAmountUsd: AMOUNT_TRIGGERS.includes(v.trigger) ? v.minAmountUsd : '', tag: v.action === 'ADD_TAG' ? v.tag : undefined };
        return (flow ? { body: { ...body, flowId: flow.flowId } } satisfies MutationInput<'flows.update'> : { body: { ...body, opId: opId ?? '' } } satisfies MutationInput<'flows.create'>) as never;
      }}
      options={{ success: isNew ? FLOW_MESSAGES.CREATED : FLOW_MESSAGES.UPDATED }}
      actions={() => flow && canCall('flows.delete') && (
        <DeleteAction label="Delete Flow" title="Delete Flow" description={`Delete the flow "${flow.name}" and its run history?`} busy={remove.isPending} onConfirmed={() => remove.mutate({ body: { flowId: flow.flowId } })} />
      )}
    >
      {({ control, watch }) => (
        <>
          {!isNew && !flow && <Alert severity="info">{FLOW_MESSAGES.NOT_FOUND}</Alert>}
          {isNew && !opId && <Alert severity="warning">{FLOW_MESSAGES.OPERATOR_REQUIRED}</Alert>}
          {flow && <Typography variant="body2" color="text.secondary">{operatorName(flow)} · {flow.runsCount} run(s)</Typography>}
          <FormTextField control={control} name="name" label="Name" required maxLength={FLOW_NAME_MAX} disabled={!mayEdit} />
          <FormTextField control={control} name="trigger" label="When" select disabled={!mayEdit}>
            {FLOW_TRIGGERS.map((t) => <MenuItem key={t} value={t}>{FLOW_TRIGGER_LABELS[t]}</MenuItem>)}
          </FormTextField>
          {AMOUNT_TRIGGERS.includes(watch('trigger')) && (
            <FormTextField control={control} name="minAmountUsd" label="Amount at least (USD, empty: any)" maxLength={14} disabled={!mayEdit} />
          )}
          <FormSwitch control={control} name="realPlayersOnly" label="Real players only (leave test players out)" disabled={!mayEdit} />
          <FormTextField control={control} name="action" label="Then" select disabled={!mayEdit}>
            {FLOW_ACTIONS.map((a) => <MenuItem key={a} value={a}>{FLOW_ACTION_LABELS[a]}</MenuItem>)}
          </FormTextField>
          {watch('action') === 'ADD_TAG' && <FormTextField control={control} name="tag" label="Tag" required maxLength={FLOW_TAG_MAX} disabled={!mayEdit} />}
          {watch('action') === 'NOTIFY_STAFF' && <FormTextField control={control} name="message" label="Message for staff (optional)" multiline maxLength={FLOW_MESSAGE_MAX} disabled={!mayEdit} />}
          <FormSwitch control={control} name="isActive" label="Active" hint="A flow runs on events from the moment it is switched on." disabled={!mayEdit} />
          {flow && <Runs flowId={flow.flowId} />}
        </>
      )}
    </EndpointDialog>
  );
}

function ActiveSwitch({ flow }: { flow: FlowView }) {
  const canCall = useCanCall();
  const set = useEndpointMutation('flows.setActive');
  return (
    <FormControlLabel
      onClick={(e) => e.stopPropagation()}
      label={flow.isActive ? 'On' : 'Off'}
      control={<Switch size="small" checked={flow.isActive} disabled={!canCall('flows.setActive') || set.isPending}
        slotProps={{ input: { 'aria-label': `${flow.name} active` } }}
        onChange={(e) => set.mutate({ body: { flowId: flow.flowId, isActive: e.target.checked } })} />}
    />
  );
}

/** /flows: the operator's automation rules; a row opens the flow with its run history. */
export default function FlowsPage() {
  const list = useListParams(urlShape);
  const fmt = useFormatTime();
  const canCall = useCanCall();
  const columns: Column<FlowView>[] = [
    { key: 'name', header: 'Name', render: (f) => f.name, simple: true },
    { key: 'operator', header: 'Operator', render: (f) => operatorName(f) },
    { key: 'trigger', header: 'When', render: triggerText, simple: true },
    { key: 'conditions', header: 'Players', render: (f) => (f.realPlayersOnly ? 'Real only' : 'All') },
    { key: 'action', header: 'Then', render: actionText, simple: true },
    { key: 'active', header: 'Active', render: (f) => <ActiveSwitch flow={f} />, csv: (f) => (f.isActive ? 'On' : 'Off'), simple: true },
    { key: 'runs', header: 'Runs', align: 'right', render: (f) => f.runsCount },
    { key: 'lastRun', header: 'Last run', render: (f) => (f.lastRunAt ? fmt(f.lastRunAt) : <Chip size="small" label="Never" />) },
  ];
  return (
    <ListPage<FlowView>
      label="Flows"
      endpoint="flows.list"
      list={list}
      columns={columns}
      filters={FILTERS}
      rowKey={(f) => f.flowId}
      exportName="flows"
      toolbar={canCall('flows.create') ? (
        <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={() => list.set({ drawer: NEW })}>New Flow</Button>
      ) : undefined}
      renderDrawer={(ctx) => <FlowDrawer key={ctx.openKey} ctx={ctx} />}
    />
  );
}
