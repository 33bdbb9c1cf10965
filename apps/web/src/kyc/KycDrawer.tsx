import { useEffect, useState } from 'react';
import { Alert, CircularProgress, Stack } from '@mui/material';
import { MSG, type KycRecord } from '@pitboss/contract';
import { useKyc } from '../api/kyc';
import { DetailDrawer } from '../kit/DetailDrawer';
import type { DrawerContext } from '../kit/ListPage';
import { useConfirm } from '../kit/useConfirm';
import { useCan } from '../shell/session';
import { KycDetails, unseenImages } from './KycDetails';
import { KycDecision } from './KycDecision';
import { KycEditForm } from './KycEditForm';
import { ClaimNotice, useRecordClaim } from '../kit/claims';

/** KYC Details drawer (000 §2.3, §4): data, decision with a note, edit and image upload. */
export function KycDrawer({ ctx }: { ctx: DrawerContext<KycRecord> }) {
  const q = useKyc(ctx.openKey);
  const allowed = useCan();
  const confirm = useConfirm();
  const [editing, setEditing] = useState(false);
  const [dirty, setDirty] = useState(false);
  // Images that failed to load, as `kycId:field` (the drawer stays open while the queue moves on).
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  const rec = q.data ?? ctx.row;
  const canEdit = allowed('edit_kyc_data');
  // A pending document open here is claimed by its reviewer (kit/claims.tsx): others see who holds it and cannot decide it.
  const claim = useRecordClaim('kyc', rec?.kycStatus === 'PENDING' && allowed('approve_reject_kyc') ? rec.kycId : null);

  // Guard against leaving a changed form (STYLE 6): in-app navigation and page unload.
  useEffect(() => {
    if (!dirty) return;
    const onUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);
  const leave = async (then: () => void) => {
    if (editing && dirty) {
      const ok = await confirm({ title: 'Discard changes?', description: 'The KYC details you edited are not saved.', confirmText: 'Discard' });
      if (!ok) return;
    }
    setEditing(false);
    setDirty(false);
    then();
  };

  const content = !rec ? (
    q.isError ? <Alert severity="error">{MSG.KYC_NOT_FOUND}</Alert> : <CircularProgress size={24} aria-label="Loading document" />
  ) : editing && canEdit ? (
    <KycEditForm rec={rec} onDirtyChange={setDirty} onDone={() => { setEditing(false); setDirty(false); }} />
  ) : (
    <Stack spacing={3}>
      <ClaimNotice claim={claim} kind="kyc" />
      <KycDetails rec={rec} canEdit={canEdit} onEdit={() => setEditing(true)} onImageBroken={(f) => setBroken((b) => new Set(b).add(`${rec.kycId}:${f}`))} />
      {allowed('approve_reject_kyc') && <KycDecision key={rec.kycId} rec={rec} held={claim.heldByOther} unseenImages={unseenImages(rec, broken)} />}
    </Stack>
  );

  return (
    <DetailDrawer
      open
      title="KYC Details"
      onClose={() => void leave(ctx.close)}
      hasPrev={!!ctx.prevKey}
      hasNext={!!ctx.nextKey}
      onPrev={() => void leave(() => ctx.step(-1))}
      onNext={() => void leave(() => ctx.step(1))}
      tabs={[{ label: 'Details', content }]}
    />
  );
}
