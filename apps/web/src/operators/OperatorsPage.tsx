import { z } from 'zod';
import { Chip, Stack } from '@mui/material';
import { OPERATOR_TYPES, OPERATOR_TYPE_LABELS, type OperatorType } from '@pitboss/contract';
import { useListParams } from '../kit/useListParams';
import { OperatorList, operatorFiltersUrl } from './OperatorList';

const operatorsUrl = { ...operatorFiltersUrl, type: z.enum(OPERATOR_TYPES).optional() };

/** The type chips of /operators (000 §2.1: `?type=parent`, `?type=brand`): they write the query string the list reads. */
function TypeChips({ type, onType }: { type: OperatorType | undefined; onType: (t: OperatorType | undefined) => void }) {
  const chip = (t: OperatorType | undefined, label: string) => (
    <Chip
      key={label}
      label={label}
      color={type === t ? 'primary' : 'default'}
      variant={type === t ? 'filled' : 'outlined'}
      onClick={() => onType(t)}
      aria-pressed={type === t}
    />
  );
  return (
    <Stack direction="row" spacing={1} role="group" aria-label="Operator type">
      {chip(undefined, 'All')}
      {OPERATOR_TYPES.map((t) => chip(t, OPERATOR_TYPE_LABELS[t]))}
    </Stack>
  );
}

/** /operators — operators, brands and partners by title; operator staff see their own operators only. */
export default function OperatorsPage() {
  const list = useListParams(operatorsUrl);
  return (
    <OperatorList
      label="Operators"
      endpoint="operators.list"
      list={list}
      exportName="operators"
      toolbar={<TypeChips type={list.params.type} onType={(type) => list.set({ type, page: undefined, drawer: undefined })} />}
    />
  );
}
