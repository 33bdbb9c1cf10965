import { z } from 'zod';
import { useRevealedNumbers } from './RevealNumbers';
import { Alert, Chip, CircularProgress, Stack } from '@mui/material';
import { BANK_ACCOUNT_STATUSES, BANK_NOTE_ROWS, MSG, PAYMENT_MESSAGES, bankAccountActionBody, labelOptions } from '@pitboss/contract';
import { bankAccountKeys, fetchBankAccounts, useBankAccount, type BankAccountRow } from '../api/banking';
import { DecisionPanel } from '../kit/actions/DecisionPanel';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { DetailDrawer } from '../kit/DetailDrawer';
import { Fields } from '../kit/Fields';
import { ListPage, type Column, type DrawerContext } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { useListParams } from '../kit/useListParams';
import { StatusChip } from '../players/PlayerSections';
import { useFormatTime } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';

/** Queue mode: after a decision the drawer moves to the next pending bank account. */
const QUEUE = { isPending: (a: BankAccountRow) => a.status === 'pending' && !a.isDeleted };
const NOTE_RULES = { approve: bankAccountActionBody.shape.playerNote, reject: bankAccountActionBody.shape.playerNote };

const url = {
  status: z.enum(BANK_ACCOUNT_STATUSES).optional(),
  playerCode: z.string().trim().min(1).max(64).optional(),
  deleted: z.enum(['true', 'false']).optional(),
};
const FILTERS: FilterDef[] = [
  { name: 'status', label: 'Status', type: 'select', options: labelOptions('bankAccountStatus', BANK_ACCOUNT_STATUSES) },
  { name: 'playerCode', label: 'Player code' },
  { name: 'deleted', label: 'Deleted', type: 'select', options: [{ value: 'false', label: 'Not deleted' }, { value: 'true', label: 'Deleted only' }] },
];

export function BankAccountTags({ a }: { a: BankAccountRow }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      <StatusChip status={a.status} kind="bankAccountStatus" />
      {a.isDeleted && <Chip size="small" label="Deleted" />}
      {a.cardNumberIsDuplicated && <Chip size="small" color="warning" label="Duplicate card" />}
      {a.ibanIsDuplicated && <Chip size="small" color="warning" label="Duplicate IBAN" />}
      {a.player.isTest && <Chip size="small" color="info" label="Test" />}
    </Stack>
  );
}

/**
 * Bank Account Details (000 §4-5): approve/reject disabled until the note is entered; Approve
 * disabled when approved, Reject when rejected; a decided account is redone only with
 * redo_bank_account_actions; a deleted one shows DELETED and no actions.
 */
function BankAccountDrawer({ ctx }: { ctx: DrawerContext<BankAccountRow> }) {
  const one = useBankAccount(ctx.openKey, true);
  const a = one.data ?? ctx.row;
  const reveal = useRevealedNumbers(ctx.openKey);
  const fmt = useFormatTime();
  const canCall = useCanCall();
  const decide = useEndpointMutation('banking.bankAccountDecide', {
    success: (_, { body }) => (body.actionType === 'approve' ? PAYMENT_MESSAGES.BANK_ACCOUNT_APPROVED : PAYMENT_MESSAGES.BANK_ACCOUNT_REJECTED),
  });
  // A decided account is redone only with redo_bank_account_actions: the decision call's access rule on the account's status.
  const mayAct = !!a && !a.isDeleted && canCall('banking.bankAccountDecide', { record: a });
  return (
    <DetailDrawer
      open
      title="Bank Account Details"
      onClose={ctx.close}
      hasPrev={!!ctx.prevKey}
      hasNext={!!ctx.nextKey}
      onPrev={() => ctx.step(-1)}
      onNext={() => ctx.step(1)}
      tabs={[
        {
          label: 'Details',
          content: !a ? (
            one.isError ? <Alert severity="error">{one.error.message}</Alert> : <CircularProgress size={24} aria-label="Loading bank account" />
          ) : (
            <Stack spacing={2}>
              <BankAccountTags a={a} />
              {a.missingDetails && <Alert severity="warning">This bank account has no bank name, IBAN or card number.</Alert>}
              {reveal.button}
              {reveal.dialog}
              <Fields
                items={[
                  { label: 'Player', value: a.playerCode },
                  { label: 'Bank', value: a.bankName ?? '—' },
                  { label: 'Name on card', value: a.nameOnCard ?? '—' },
                  { label: 'Card number', value: `${(reveal.shown ?? a).cardNumber ?? '—'}${a.cardNumberIsDuplicated ? ' (duplicated)' : ''}`, testId: 'card-number' },
                  { label: 'IBAN', value: `${(reveal.shown ?? a).iban ?? '—'}${a.ibanIsDuplicated ? ' (duplicated)' : ''}` },
                  { label: 'Account number', value: (reveal.shown ?? a).accountNumber ?? '—' },
                  { label: 'Approved by', value: a.approvedBy ?? '—' },
                  { label: 'Rejected by', value: a.rejectedBy ?? '—' },
                  { label: 'Decided at', value: fmt(a.confirmedAt) },
                  { label: 'Created', value: fmt(a.createdAt) },
                  { label: 'Note for the player', value: a.noteForThePlayer ?? '—' },
                ]}
              />
              {mayAct && (
                <DecisionPanel
                  rules={NOTE_RULES}
                  noteLabel="Note for the player"
                  rows={BANK_NOTE_ROWS}
                  maxRows={BANK_NOTE_ROWS}
                  required
                  disabled={{ approve: a.status === 'approved', reject: a.status === 'rejected' }}
                  decide={(actionType, playerNote) =>
                    decide.mutateAsync({ body: { uuid: a.uuid, actionType, playerNote, playerCode: a.playerCode, ...(a.status !== 'pending' ? { redo: true } : {}) } })}
                />
              )}
              {a && !a.isDeleted && !mayAct && <Alert severity="info">{MSG.NO_PERMISSION}</Alert>}
            </Stack>
          ),
        },
      ]}
    />
  );
}

/** /withdraw/bank-accounts — players' bank accounts awaiting review. */
export default function BankAccountsPage() {
  const list = useListParams(url);
  const fmt = useFormatTime();
  const columns: Column<BankAccountRow>[] = [
    { key: 'playerCode', header: 'Player code', render: (a) => a.playerCode },
    { key: 'bankName', header: 'Bank', render: (a) => a.bankName ?? '—' },
    { key: 'card', header: 'Card number', render: (a) => a.cardNumber ?? '—' },
    { key: 'iban', header: 'IBAN', render: (a) => a.iban ?? '—' },
    { key: 'status', header: 'Status', render: (a) => <BankAccountTags a={a} /> },
    { key: 'createdAt', header: 'Created', render: (a) => fmt(a.createdAt) },
  ];
  return (
    <ListPage<BankAccountRow>
      label="Bank accounts"
      queue={QUEUE}
      list={list}
      queryKey={bankAccountKeys.list}
      fetcher={fetchBankAccounts}
      columns={columns}
      filters={FILTERS}
      rowKey={(a) => a.uuid}
      renderDrawer={(ctx) => <BankAccountDrawer key={ctx.openKey} ctx={ctx} />}
    />
  );
}
