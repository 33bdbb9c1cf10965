import { Suspense, useState } from 'react';
import { z } from 'zod';
import { Button, Chip } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { BONUS_FORM_MESSAGES, BONUS_PRIZE_TYPES, label, labelOptions, linkTo, type BonusFormRow } from '@pitboss/contract';
import { refusedOr } from '../api/client';
import { DeleteAction } from '../kit/actions/DeleteAction';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { RecordDrawer, type RecordField } from '../kit/RecordDrawer';
import { Usd } from '../kit/Money';
import { lazyDialog } from '../kit/lazyDialog';
import { operatorName } from '../kit/operator';
import { useListParams } from '../kit/useListParams';
import { useFormatTime } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';
import { useScope } from '../shell/useScope';

const RequestDialog = lazyDialog(() => import('./BonusDialogs'), 'BonusRequestDialog');

const formsUrl = {
  prizeType: z.enum(BONUS_PRIZE_TYPES).optional(),
  isActive: z.enum(['true', 'false']).optional(),
  title: z.string().trim().min(1).max(80).optional(),
};
const FILTERS: FilterDef[] = [
  { name: 'prizeType', label: 'Prize type', type: 'select', options: labelOptions('bonusPrizeType', BONUS_PRIZE_TYPES) },
  { name: 'isActive', label: 'Status', type: 'select', options: [{ value: 'true', label: 'Active' }, { value: 'false', label: 'Disabled' }] },
  { name: 'title', label: 'Title', maxLength: 80 },
];

const ActiveChip = ({ r }: { r: BonusFormRow }) => <Chip size="small" variant="outlined" color={r.isActive ? 'success' : 'default'} label={r.isActive ? 'Active' : 'Disabled'} />;

/** Delete Bonus Form: a confirmation, then DELETE /api/bonus/form?bonusId&opId (failure: "Failed to delete bonus form"). */
function DeleteFormAction({ r, onGone }: { r: BonusFormRow; onGone: () => void }) {
  const remove = useEndpointMutation('bonus.formDelete', {
    success: BONUS_FORM_MESSAGES.FORM_DELETED, errorTitle: BONUS_FORM_MESSAGES.DELETE_FAILED,
    errorFallback: refusedOr(BONUS_FORM_MESSAGES.DELETE_FAILED, BONUS_FORM_MESSAGES.DELETE_ERROR), onDone: onGone,
  });
  return (
    <DeleteAction
      label="Delete"
      title="Delete Bonus Form"
      description={`Delete the bonus form "${r.title}"? Staff can no longer request it; its pending requests can still be decided.`}
      busy={remove.isPending}
      button={{ size: 'small' }}
      onConfirmed={() => remove.mutate({ query: { bonusId: r.bonusId, opId: r.opId } })}
    />
  );
}

/** /bonus/form — the bonus forms of the selected operators: a drawer with Request for a player and Delete Bonus Form. */
export default function BonusFormsPage() {
  const list = useListParams(formsUrl);
  const fmt = useFormatTime();
  const canCall = useCanCall();
  const { scopeSearch } = useScope();
  const [requesting, setRequesting] = useState<BonusFormRow | null>(null);
  const columns: Column<BonusFormRow>[] = [
    { key: 'title', header: 'Title', render: (r) => r.title, simple: true },
    { key: 'operator', header: 'Operator/Brand', render: (r) => operatorName(r) },
    { key: 'prizeType', header: 'Prize type', render: (r) => label('bonusPrizeType', r.prizeType), simple: true },
    { key: 'default', header: 'Default amount', align: 'right', render: (r) => <Usd value={r.defaultAmountInUSD} /> },
    { key: 'max', header: 'Maximum amount', align: 'right', render: (r) => <Usd value={r.maxAmountInUSD} />, simple: true },
    { key: 'status', header: 'Status', render: (r) => <ActiveChip r={r} />, csv: (r) => (r.isActive ? 'Active' : 'Disabled') },
    { key: 'createdAt', header: 'Created', render: (r) => `${fmt(r.createdAt)}${r.createdBy ? ` · ${r.createdBy}` : ''}` },
  ];
  const fields: RecordField<BonusFormRow>[] = [
    { label: 'Operator/Brand', value: (r) => operatorName(r) },
    { label: 'Prize type', value: (r) => `${label('bonusPrizeType', r.prizeType)} (${r.prizeType === 'CASH' ? 'main wallet' : 'bonus wallet'})` },
    { label: 'Default amount', value: (r) => <Usd value={r.defaultAmountInUSD} /> },
    { label: 'Maximum amount', value: (r) => <Usd value={r.maxAmountInUSD} /> },
    { label: 'Status', value: (r) => <ActiveChip r={r} /> },
    { label: 'Created', value: (r) => `${fmt(r.createdAt)}${r.createdBy ? ` by ${r.createdBy}` : ''}` },
  ];
  return (
    <>
      <ListPage<BonusFormRow>
        label="Bonus forms"
        endpoint="bonus.formList"
        list={list}
        columns={columns}
        filters={FILTERS}
        rowKey={(r) => r.bonusId}
        exportName="bonus-forms"
        toolbar={canCall('bonus.formCreate') && (
          <Button variant="contained" component={RouterLink} to={linkTo('/bonus/form/new', undefined, scopeSearch)}>New Bonus Form</Button>
        )}
        renderDrawer={(ctx) => (
          <RecordDrawer
            bonus
            ctx={ctx}
            title={(r) => r.title}
            fields={fields}
            actions={(r) => (
              <>
                {r.isActive && canCall('bonus.requestCreate') && (
                  <Button size="small" variant="outlined" onClick={() => setRequesting(r)}>Request for a player</Button>
                )}
                {canCall('bonus.formDelete') && <DeleteFormAction r={r} onGone={ctx.close} />}
              </>
            )}
          />
        )}
      />
      {requesting && (
        <Suspense fallback={null}>
          <RequestDialog form={requesting} onClose={() => setRequesting(null)} />
        </Suspense>
      )}
    </>
  );
}
