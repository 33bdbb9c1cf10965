import { Alert, MenuItem, Typography } from '@mui/material';
import {
  OPERATOR_MESSAGES, TRANSFORMATION_COUNTDOWN_S, TRANSFORMATION_TICK_MS, operatorToBrandForm,
} from '@pitboss/contract';
import { useActiveParents, type OperatorDetails } from '../api/operators';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { FormTextField } from '../kit/actions/FormTextField';
import { NO_FIELDS } from '../kit/actions/FormDialog';
import { useCountdown } from '../kit/useCountdown';

/** Save is disabled by a 10-second countdown, one tick per second, showing "Wait Ns" (002 §4). */
function useSaveCountdown() {
  const left = useCountdown(TRANSFORMATION_COUNTDOWN_S, TRANSFORMATION_TICK_MS);
  return { waiting: left > 0, submitText: left > 0 ? `Wait ${left}s` : 'Save' };
}

/** Transform Operator to Brand: the parent is one of the ACTIVE parent operators, by title (002 §4–§5). */
export function TransformToBrandDialog({ o, onClose }: { o: OperatorDetails; onClose: () => void }) {
  const { waiting, submitText } = useSaveCountdown();
  const parents = useActiveParents();
  const choices = (parents.data?.items ?? []).filter((p) => p.opId !== o.opId);
  return (
    <EndpointDialog
      endpoint="operators.transform"
      title="Transform Operator to Brand"
      schema={operatorToBrandForm}
      defaultValues={{ parentOpId: '' }}
      submitText={submitText}
      submitDisabled={() => waiting}
      onClose={onClose}
      input={(v) => ({ body: { opId: o.opId, parentOpId: v.parentOpId, parentOpTitle: choices.find((p) => p.opId === v.parentOpId)?.title } })}
    >
      {({ control }) => (
        <>
          <Typography>
            {o.title} becomes a brand of the parent operator you choose: that operator&apos;s staff will see it and its players.
          </Typography>
          <FormTextField control={control} name="parentOpId" select label="Parent operator" disabled={parents.isPending}>
            {choices.map((p) => <MenuItem key={p.opId} value={p.opId}>{p.title}</MenuItem>)}
          </FormTextField>
          {parents.isSuccess && choices.length === 0 && <Alert severity="info">{OPERATOR_MESSAGES.PARENT_INACTIVE}</Alert>}
        </>
      )}
    </EndpointDialog>
  );
}

/** Transform Brand to Operator: the brand leaves its parent operator (002 §4). */
export function TransformToOperatorDialog({ o, onClose }: { o: OperatorDetails; onClose: () => void }) {
  const { waiting, submitText } = useSaveCountdown();
  return (
    <EndpointDialog
      endpoint="operators.transformBrand"
      title="Transform Brand to Operator"
      schema={NO_FIELDS}
      defaultValues={{}}
      submitText={submitText}
      submitDisabled={() => waiting}
      onClose={onClose}
      input={() => ({ body: { opId: o.opId } })}
    >
      {() => (
        <Typography>
          {o.title} leaves {o.parentOpTitle ?? 'its parent operator'} and becomes an operator of its own: the parent&apos;s staff will no longer see it.
        </Typography>
      )}
    </EndpointDialog>
  );
}
