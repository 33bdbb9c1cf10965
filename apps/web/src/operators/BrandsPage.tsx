import { useNavigate } from 'react-router';
import { Button } from '@mui/material';
import { OPERATOR_MESSAGES, linkTo, type OperatorRowView } from '@pitboss/contract';
import { DeleteAction } from '../kit/actions/DeleteAction';
import { RecordDrawer, type RecordField } from '../kit/RecordDrawer';
import { useListParams } from '../kit/useListParams';
import { useCan, useFormatTime } from '../shell/session';
import { useScope } from '../shell/useScope';
import { OperatorList, OperatorStatusChip, operatorFiltersUrl } from './OperatorList';

/** /brands — the brands (the menu needs brands_access for non-admins), a drawer, and the brand delete confirmation that makes no call (002 §4, §7). */
export default function BrandsPage() {
  const list = useListParams(operatorFiltersUrl);
  const fmt = useFormatTime();
  const navigate = useNavigate();
  const allowed = useCan();
  const { scopeSearch } = useScope();
  const fields: RecordField<OperatorRowView>[] = [
    { label: 'Brand', value: (r) => r.title },
    { label: 'Operator ID', value: (r) => r.opId },
    { label: 'Parent operator', value: (r) => r.parentOpTitle ?? '—' },
    { label: 'Status', value: (r) => <OperatorStatusChip status={r.status} /> },
    { label: 'Created', value: (r) => fmt(r.createdAt) },
  ];
  return (
    <OperatorList
      label="Brands"
      endpoint="operators.brandsList"
      list={list}
      exportName="brands"
      hide={['kind', 'brands']}
      renderDrawer={(ctx) => (
        <RecordDrawer
          ctx={ctx}
          title={(r) => r.title}
          fields={fields}
          actions={(r) => (
            <>
              {allowed('operators') && (
                <Button variant="outlined" onClick={() => navigate(linkTo('/operators/:id', { id: r.opId }, scopeSearch))}>Open Details</Button>
              )}
              {/* 002 §4: the confirmation titled Delete Notification does nothing when confirmed — no call is made. */}
              <DeleteAction
                label="Delete Brand"
                title={OPERATOR_MESSAGES.BRAND_DELETE_TITLE}
                description={OPERATOR_MESSAGES.BRAND_DELETE_TEXT}
                button={{ variant: 'outlined' }}
                onConfirmed={() => undefined}
              />
            </>
          )}
        />
      )}
    />
  );
}
