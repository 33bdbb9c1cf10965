import { PARTNER_DOMAIN_MAX, partnerDomain, partnerSettingsForm, type PartnerRow } from '@pitboss/contract';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { FormTextField } from '../kit/actions/FormTextField';
import { SettingsFields } from './common';

const editForm = partnerSettingsForm.extend({ domain: partnerDomain });

/** Edit Partner: the settings and the domain. */
export function EditPartnerDialog({ p, onClose }: { p: PartnerRow; onClose: () => void }) {
  return (
    <EndpointDialog
      endpoint="partners.settings"
      title={`Edit Partner — ${p.title}`}
      schema={editForm}
      drawer
      defaultValues={{ ...p.settings, domain: p.domain ?? '' }}
      submitText="Save"
      onClose={onClose}
      input={(v) => ({ body: { opId: p.opId, ...v } })}
    >
      {({ control }) => (
        <>
          <FormTextField control={control} name="domain" label="Domain" maxLength={PARTNER_DOMAIN_MAX} hint={() => 'Without http:// or https://'} />
          <SettingsFields control={control} />
        </>
      )}
    </EndpointDialog>
  );
}

/** Active Players List (000 §2.3): the partner's players with activity in the last 30 days. */
