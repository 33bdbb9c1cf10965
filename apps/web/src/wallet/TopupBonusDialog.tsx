import { z } from 'zod';
import { TOPUP_MESSAGES, topupBonusBody } from '@pitboss/contract';
import { WALLET_ERRORS } from '../api/wallet';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { FormTextField } from '../kit/actions/FormTextField';
import { AcceptField, WalletNoteField } from './WalletFields';

const formSchema = topupBonusBody.omit({ playerCode: true, accept: true, action: true }).extend({
  accept: z.boolean().refine((v) => v, TOPUP_MESSAGES.ACCEPT_REQUIRED),
});

/** Topup Player Bonus: a signed USD amount within ±100,000,000, a note and the accept checkbox. */
export function TopupBonusDialog({ playerCode, onClose }: { playerCode: string; onClose: () => void }) {
  return (
    <EndpointDialog
      endpoint="wallet.topupBonus"
      title={`Topup Player Bonus — ${playerCode}`}
      schema={formSchema}
      defaultValues={{ amount: '', note: '', accept: false }}
      checkOnSubmit
      submitText="Send"
      onClose={onClose}
      input={(v) => ({ body: { playerCode, amount: v.amount, note: v.note, accept: true as const } })}
      options={{ ...WALLET_ERRORS, success: TOPUP_MESSAGES.DONE }}
    >
      {({ control }) => (
        <>
          <FormTextField control={control} name="amount" label="Amount (USD, negative to reduce)" required maxLength={24} />
          <WalletNoteField control={control} />
          <AcceptField control={control} label="I confirm this bonus wallet change" />
        </>
      )}
    </EndpointDialog>
  );
}
