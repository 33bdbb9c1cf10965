import { useState } from 'react';
import { Box, Button, Chip, MenuItem, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { ALL_OPERATORS_NOTICE, NOTICE_LEVELS, NOTICE_LEVEL_LABELS, noticeForm, type NoticeView } from '@pitboss/contract';
import { ListPage, type Column } from '../kit/ListPage';
import { useListParams } from '../kit/useListParams';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { FormTextField } from '../kit/actions/FormTextField';
import { FormOperatorField } from '../kit/actions/FormOperatorField';
import { FormDateTimeField } from '../kit/actions/FormDateTimeField';
import { DeleteAction } from '../kit/actions/DeleteAction';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { useFormatTime, useSession } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';

const urlShape = {};
const LEVEL_COLOR = { info: 'info', warning: 'warning', error: 'error' } as const;

function NoticeDialog({ onClose }: { onClose: () => void }) {
  const { user } = useSession();
  const now = Date.now();
  return (
    <EndpointDialog
      endpoint="notices.save"
      title="New Notification"
      schema={noticeForm}
      defaultValues={{ opId: ALL_OPERATORS_NOTICE, text: '', level: 'info', startsAt: new Date(now).toISOString(), endsAt: new Date(now + 86_400_000).toISOString() }}
      submitText="Save"
      input={(v) => ({ body: v })}
      onClose={onClose}
    >
      {(form) => (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormOperatorField control={form.control} label="Operator" leading={[{ value: ALL_OPERATORS_NOTICE, label: 'All operators' }]} hint={() => 'An operator has one notification; saving replaces it.'} />
          <FormTextField control={form.control} name="level" label="Level" select>
            {NOTICE_LEVELS.map((l) => <MenuItem key={l} value={l}>{NOTICE_LEVEL_LABELS[l]}</MenuItem>)}
          </FormTextField>
          <FormTextField control={form.control} name="text" label="Text" multiline minRows={3} maxLength={500} />
          <FormDateTimeField control={form.control} name="startsAt" label="From" tz={user.timezone} />
          <FormDateTimeField control={form.control} name="endsAt" label="Until" tz={user.timezone} />
        </Stack>
      )}
    </EndpointDialog>
  );
}

/** /settings/notifications: staff notices per operator (or all operators, `*`), shown as the console's banner within their period. */
export default function NotificationsPage() {
  const list = useListParams(urlShape);
  const fmt = useFormatTime();
  const canCall = useCanCall();
  const [creating, setCreating] = useState(false);
  const del = useEndpointMutation('notices.delete');
  const columns: Column<NoticeView>[] = [
    { key: 'op', header: 'Operator', render: (n) => n.opTitle, simple: true },
    { key: 'level', header: 'Level', render: (n) => <Chip size="small" color={LEVEL_COLOR[n.level as 'info'] ?? 'default'} label={NOTICE_LEVEL_LABELS[n.level as 'info'] ?? n.level} /> },
    { key: 'text', header: 'Text', render: (n) => n.text, simple: true },
    { key: 'period', header: 'Period', render: (n) => `${fmt(n.startsAt)} – ${fmt(n.endsAt)}`, simple: true },
    { key: 'active', header: 'Shown now', render: (n) => (n.active ? 'Yes' : 'No') },
    { key: 'by', header: 'By', render: (n) => n.updatedBy ?? '—' },
    ...(canCall('notices.delete') ? [{
      key: 'actions', header: '', render: (n: NoticeView) => (
        <DeleteAction button={{ size: 'small' }} title="Delete notification" description={`Delete the notification of ${n.opTitle}?`} busy={del.isPending}
          onConfirmed={() => del.mutate({ query: { opId: n.opId } })} />
      ),
    }] : []),
  ];
  return (
    <Box>
      <ListPage<NoticeView>
        label="Notifications"
        endpoint="notices.list"
        list={list}
        columns={columns}
        rowKey={(n) => n.opId}
        toRequest={({ opId: _o, includeBrands: _b, isTest: _t, ...b }) => b}
        toolbar={canCall('notices.save') ? <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>New Notification</Button> : undefined}
      />
      {creating && <NoticeDialog onClose={() => setCreating(false)} />}
    </Box>
  );
}
