import { useRef } from 'react';
import { useSnackbar } from 'notistack';
import { Button } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import { KYC_IMAGE_EXTENSIONS, MSG, checkKycImage, type KycRecord } from '@pitboss/contract';
import { uploadKycImage } from '../api/kyc';
import { useKycMutation } from './useKycMutation';

const ACCEPT = KYC_IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',');

/** Replace one image of a KYC record (jpg, jpeg, png under 5 MB, checked before sending). */
export function KycImageUpload({ rec, field }: { rec: KycRecord; field: string }) {
  const input = useRef<HTMLInputElement>(null);
  const { enqueueSnackbar } = useSnackbar();
  const m = useKycMutation((file: File) => uploadKycImage(rec, field, file), MSG.KYC_IMAGE_UPDATED);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        aria-label={`Upload ${field}`}
        data-testid={`upload-${field}`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          const problem = checkKycImage(file.name, file.size);
          if (problem) enqueueSnackbar(problem, { variant: 'error' });
          else m.mutate(file);
        }}
      />
      <Button size="small" startIcon={<UploadIcon />} disabled={m.isPending} onClick={() => input.current?.click()} sx={{ mt: 1 }}>
        Upload new {field}
      </Button>
    </>
  );
}
