import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { Button } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import { KYC_IMAGE_EXTENSIONS, MSG, checkKycImage, type KycRecord } from '@pitboss/contract';
import { kycKeys } from '../api/kyc';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';

const ACCEPT = KYC_IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',');

/** Replace one image of a KYC record (jpg, jpeg, png under 5 MB, checked before sending). */
export function KycImageUpload({ rec, field }: { rec: KycRecord; field: string }) {
  const input = useRef<HTMLInputElement>(null);
  const { enqueueSnackbar } = useSnackbar();
  const qc = useQueryClient();
  const m = useEndpointMutation('kyc.update', { success: MSG.KYC_IMAGE_UPDATED, errorFallback: () => MSG.KYC_GENERIC, onDone: (a) => qc.setQueryData(kycKeys.detail(a.data.kycId), a.data) });
  const upload = (file: File) => {
    const problem = checkKycImage(file.name, file.size);
    if (problem) return void enqueueSnackbar(problem, { variant: 'error' });
    const body = new FormData();
    for (const [k, v] of Object.entries({ kycId: rec.kycId, playerCode: rec.playerCode, playerId: rec.playerId, key: field, field })) body.set(k, v);
    body.set('imageFile', file, file.name);
    m.mutate({ body });
  };
  return (
    <>
      <input ref={input} type="file" accept={ACCEPT} hidden aria-label={`Upload ${field}`} data-testid={`upload-${field}`} onChange={(e) => {
        const file = e.target.files?.[0];
        e.target.value = '';
        if (file) upload(file);
      }} />
      <Button size="small" startIcon={<UploadIcon />} disabled={m.isPending} onClick={() => input.current?.click()} sx={{ mt: 1 }}>
        Upload new {field}
      </Button>
    </>
  );
}
