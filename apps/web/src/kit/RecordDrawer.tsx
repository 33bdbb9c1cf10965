import type { ReactNode } from 'react';
import { Alert, Stack } from '@mui/material';
import { MSG } from '@pitboss/contract';
import { useCan } from '../shell/session';
import { useBonusJsonTab } from './useBonusJsonTab';
import { DetailDrawer, type DrawerTab } from './DetailDrawer';
import { Fields } from './Fields';
import { JsonBlock } from './JsonBlock';
import type { DrawerContext } from './ListPage';

export interface RecordField<T> {
  label: string;
  value: (row: T) => ReactNode;
}

/**
 * The details drawer of a list row as a configuration: a title, the fields of its Details tab,
 * the actions above them, more tabs if any, and the row's JSON for holders of `json_tab`.
 * Previous/Next step through the rows of the page. A deep link to a row that is not on the
 * current page shows that it is not, rather than an empty drawer.
 */
export function RecordDrawer<T>(props: {
  ctx: DrawerContext<T>;
  title: (row: T) => ReactNode;
  fields: readonly RecordField<T>[];
  actions?: (row: T) => ReactNode;
  tabs?: (row: T) => readonly DrawerTab[];
  width?: number;
  /** A bonus record (bonus forms and requests): its JSON tab follows the contract's `mayViewBonusJson` (SUPER_ADMIN), not `json_tab` alone. */
  bonus?: boolean;
  /** Who sees the JSON tab when the area's rule is not `json_tab` (billing records: `mayViewBillingJson`, 002 §6). */
  jsonTab?: boolean;
}) {
  const { ctx } = props;
  const allowed = useCan();
  const bonusJson = useBonusJsonTab();
  const json = props.jsonTab ?? (props.bonus ? bonusJson : allowed('json_tab'));
  const row = ctx.row;
  const tabs: DrawerTab[] = row
    ? [
        { label: 'Details', content: <Fields items={props.fields.map((f) => ({ label: f.label, value: f.value(row) }))} /> },
        ...(props.tabs?.(row) ?? []),
        ...(json ? [{ label: 'JSON', content: <JsonBlock value={row} /> }] : []),
      ]
    : [{ label: 'Details', content: <Alert severity="info">{MSG.RECORD_NOT_ON_PAGE}</Alert> }];
  return (
    <DetailDrawer
      open
      title={row ? props.title(row) : MSG.NO_DATA}
      onClose={ctx.close}
      hasPrev={!!ctx.prevKey}
      hasNext={!!ctx.nextKey}
      onPrev={() => ctx.step(-1)}
      onNext={() => ctx.step(1)}
      width={props.width}
      headerActions={row && props.actions ? <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>{props.actions(row)}</Stack> : undefined}
      tabs={tabs}
    />
  );
}
