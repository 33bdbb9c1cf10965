import { z } from 'zod';
import { Chip } from '@mui/material';
import { QUICK_TIME_FILTERS, QUICK_TIME_FILTER_LABELS, ROLE_LABELS, humanize, type LoginActivityRow, type Role } from '@pitboss/contract';
import type { BodyOf } from '@pitboss/contract/endpoint-schemas';
import { compact } from '../api/client';
import { apiData } from '../api/endpoint';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { useListParams } from '../kit/useListParams';
import { operatorName } from '../kit/operator';
import { useFormatTime } from '../shell/session';

const url = {
  email: z.string().trim().min(1).max(120).optional(),
  success: z.enum(['true', 'false']).optional(),
  quickTime: z.enum(QUICK_TIME_FILTERS).optional(),
};
const FILTERS: FilterDef[] = [
  { name: 'email', label: 'Email', maxLength: 120 },
  { name: 'success', label: 'Result', type: 'select', options: [{ value: 'true', label: 'Success' }, { value: 'false', label: 'Failed' }] },
  { name: 'quickTime', label: 'Time', type: 'select', options: QUICK_TIME_FILTERS.map((v) => ({ value: v, label: QUICK_TIME_FILTER_LABELS[v] })) },
];

const keys = { list: (b: Record<string, unknown>) => ['login-activity', 'list', b] as const };
const fetchLoginActivity = (b: Record<string, unknown>) => apiData('settings.loginActivity', { body: compact(b) as BodyOf<'settings.loginActivity'> });

/** A sign-in's result as staff read it: "Success", or why it failed ("Wrong credentials", "Rate limited"). */
const resultOf = (a: LoginActivityRow) => (a.success ? 'Success' : a.reason ? humanize(a.reason) : 'Failed');

/** /settings/login-activitiy — staff login attempts (successes and failures with their reason). */
export default function LoginActivityPage() {
  const list = useListParams(url);
  const fmt = useFormatTime();
  const columns: Column<LoginActivityRow>[] = [
    { key: 'createdAt', header: 'Time', render: (a) => fmt(a.createdAt), simple: true },
    { key: 'email', header: 'Email', render: (a) => a.email, simple: true },
    { key: 'role', header: 'Role', render: (a) => (a.role ? (ROLE_LABELS[a.role as Role] ?? a.role) : '—') },
    { key: 'opId', header: 'Operator/Brand', render: (a) => (a.opId ? operatorName(a) : 'All operators') },
    {
      key: 'success', header: 'Result', simple: true,
      render: (a) => <Chip size="small" color={a.success ? 'success' : 'error'} label={resultOf(a)} />,
      csv: resultOf,
    },
    { key: 'ip', header: 'IP', render: (a) => a.ip ?? '—' },
  ];
  return (
    <ListPage<LoginActivityRow>
      label="Login activity"
      list={list}
      queryKey={keys.list}
      fetcher={fetchLoginActivity}
      columns={columns}
      filters={FILTERS}
      rowKey={(a) => a.id}
      exportName="login-activity"
    />
  );
}
