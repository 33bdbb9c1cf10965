import type { Control, FieldValues, Path } from 'react-hook-form';
import { MenuItem } from '@mui/material';
import type { OperatorSummary } from '@pitboss/contract';
import { useSession } from '../../shell/session';
import { FormTextField } from './FormTextField';
import { namesOfOperators } from '../operator';

/**
 * The operator pick of a kit form: the operators and brands the signed-in user sees, by title (a
 * brand with its parent in brackets, as on the lists), never a typed operator id. `filter` narrows
 * the choice (e.g. ACTIVE operators only); the CMS default operator is never offered. Forms use
 * this, never a list of MenuItems of their own, so an operator reads the same in every form.
 */
export function FormOperatorField<T extends FieldValues, O = T>(props: {
  control: Control<T, unknown, O>;
  name?: Path<T>;
  label?: string;
  required?: boolean;
  disabled?: boolean;
  filter?: (o: OperatorSummary) => boolean;
  /** Choices before the operators (e.g. "All operators"). */
  leading?: readonly { value: string; label: string }[];
  hint?: () => string;
}) {
  const { operators } = useSession();
  const nameOf = namesOfOperators(operators);
  const shown = operators.filter((o) => o.kind !== 'CMS_DEFAULT' && (props.filter?.(o) ?? true));
  return (
    <FormTextField control={props.control} name={props.name ?? ('opId' as Path<T>)} select label={props.label ?? 'Operator/Brand'} required={props.required} disabled={props.disabled} hint={props.hint}>
      {(props.leading ?? []).map((o) => <MenuItem key={o.value} value={o.value}>{o.label}</MenuItem>)}
      {shown.map((o) => (
        <MenuItem key={o.opId} value={o.opId}>{nameOf(o)}</MenuItem>
      ))}
    </FormTextField>
  );
}
