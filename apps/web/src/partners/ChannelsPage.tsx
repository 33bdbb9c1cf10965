import { Suspense, useState } from 'react';
import { z } from 'zod';
import { Button, MenuItem } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { PARTNER_MESSAGES, channelForm, isSuperRole, type ChannelRow } from '@pitboss/contract';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { FormTextField } from '../kit/actions/FormTextField';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { useListParams } from '../kit/useListParams';
import { useFormatTime, useSession } from '../shell/session';
import { useCanCall, useReceives } from '../shell/useCanCall';
import { LinkCell, usePartnerOptions } from './common';

const url = { search: z.string().trim().min(1).max(60).optional() };
const FILTERS: FilterDef[] = [{ name: 'search', label: 'Channel ID or name', maxLength: 60 }];

/**
 * New Channel (001 §5): the partner select is required and shown only for SUPER_ADMIN and ADMIN;
 * a partner's channel is its own. Failures open the dialog titled "Unable To Create Channel".
 */
function NewChannelDialog({ onClose }: { onClose: () => void }) {
  const { user } = useSession();
  const needsPartner = isSuperRole(user.role);
  const partners = usePartnerOptions(needsPartner);
  return (
    <EndpointDialog
      endpoint="partners.channelCreate"
      title="New Channel"
      schema={channelForm(needsPartner)}
      defaultValues={{ opId: '', channelId: '', description: '' }}
      submitText="Create"
      onClose={onClose}
      options={{ errorTitle: PARTNER_MESSAGES.CHANNEL_DIALOG_TITLE }}
      input={(v) => ({ body: { channelId: v.channelId, description: v.description, ...(needsPartner && v.opId ? { opId: v.opId } : {}) } })}
    >
      {({ control }) => (
        <>
          {needsPartner && (
            <FormTextField control={control} name="opId" select label="Partner" required>
              {(partners.data ?? []).map((p) => <MenuItem key={p.opId} value={p.opId}>{p.title}{p.parentOpTitle ? ` (${p.parentOpTitle})` : ''}</MenuItem>)}
            </FormTextField>
          )}
          <FormTextField control={control} name="channelId" label="Channel ID" required maxLength={32} hint={() => 'Used in the tracking link: 2 to 32 letters, digits, hyphens or underscores'} />
          <FormTextField control={control} name="description" label="Channel name" required maxLength={60} />
        </>
      )}
    </EndpointDialog>
  );
}

/** /channels — partners' channels with their tracking links (copy) and the players each brought. */
export default function ChannelsPage() {
  const list = useListParams(url);
  const fmt = useFormatTime();
  const canCall = useCanCall();
  const creators = useReceives()('partners.channelsList', 'items[].createdBy');
  const [open, setOpen] = useState(false);
  const columns: Column<ChannelRow>[] = [
    { key: 'channelId', header: 'Channel ID', render: (c) => c.channelId, simple: true },
    { key: 'description', header: 'Name', render: (c) => c.description, simple: true },
    { key: 'partner', header: 'Partner', render: (c) => c.opTitle, simple: true },
    { key: 'link', header: 'Tracking link', render: (c) => <LinkCell link={c.trackingLink} />, csv: (c) => c.trackingLink },
    { key: 'players', header: 'Players', align: 'right', render: (c) => c.players.toLocaleString('en-US') },
    // Who added a channel is staff's (the server leaves it out for the partner: the endpoint's fieldAccess).
    ...(creators ? [{ key: 'createdBy', header: 'Created by', render: (c: ChannelRow) => c.createdBy ?? '—' }] : []),
    { key: 'createdAt', header: 'Created', render: (c) => fmt(c.createdAt) },
  ];
  return (
    <>
      <ListPage<ChannelRow>
        label="Channels"
        endpoint="partners.channelsList"
        list={list}
        columns={columns}
        filters={FILTERS}
        rowKey={(c) => c.id}
        exportName="channels"
        toolbar={canCall('partners.channelCreate') && <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(true)}>New Channel</Button>}
      />
      <Suspense fallback={null}>{open && <NewChannelDialog onClose={() => setOpen(false)} />}</Suspense>
    </>
  );
}
