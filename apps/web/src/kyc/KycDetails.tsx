import { Box, Button, Link, Stack, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { KYC_IMAGE_FIELDS, KYC_OPTION_FIELDS, KYC_OPTION_TYPES, type KycOptionType, type KycRecord } from '@pitboss/contract';
import { Fields } from '../kit/Fields';
import { CopyButton } from '../kit/CopyButton';
import { StatusChip } from '../players/PlayerSections';
import { useFormatTime } from '../shell/session';
import { KycImageUpload } from './KycImageUpload';

export const isImageField = (f: string) => (KYC_IMAGE_FIELDS as readonly string[]).includes(f);
export const optionFields = (optionType: string): readonly string[] =>
  (KYC_OPTION_TYPES as readonly string[]).includes(optionType) ? KYC_OPTION_FIELDS[optionType as KycOptionType] : Object.keys({});

/** Read-only facts of a KYC record; rejected fields only when REJECTED, approved only when CONFIRMED. */
export function KycDetails({ rec, canEdit, onEdit }: { rec: KycRecord; canEdit: boolean; onEdit: () => void }) {
  const fmt = useFormatTime();
  const fields = optionFields(rec.optionType);
  const dataFields = fields.length ? fields : Object.keys(rec.data);
  const textFields = dataFields.filter((f) => !isImageField(f));
  const imageFields = dataFields.filter(isImageField);
  return (
    <Stack spacing={2}>
      <Fields
        items={[
          { label: 'Player', value: <>{rec.playerCode}<CopyButton value={rec.playerCode} label="Copy player code" /></> },
          { label: 'Username', value: rec.player.username ?? '—' },
          { label: 'Email', value: rec.player.email ?? '—' },
          { label: 'Document type', value: rec.optionType },
          { label: 'Level', value: rec.level },
          { label: 'Status', value: <StatusChip status={rec.kycStatus} />, testId: 'kyc-status' },
          { label: 'Submitted', value: fmt(rec.createdAt) },
          { label: 'Updated', value: fmt(rec.updatedAt) },
          ...(rec.kycStatus === 'REJECTED'
            ? [
                { label: 'Rejected at', value: fmt(rec.rejectedAt) },
                { label: 'Rejected by', value: rec.rejectedBy ?? '—' },
                { label: 'Note', value: rec.noteForPlayer ?? '—' },
              ]
            : []),
          ...(rec.kycStatus === 'CONFIRMED'
            ? [
                { label: 'Approved at', value: fmt(rec.approvedAt) },
                { label: 'Approved by', value: rec.approvedBy ?? '—' },
                { label: 'Note', value: rec.noteForPlayer ?? '—' },
              ]
            : []),
        ]}
      />
      {textFields.length > 0 && (
        <Box>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
            <Typography variant="subtitle2" component="h3">
              Data
            </Typography>
            {canEdit && (
              <Button size="small" startIcon={<EditIcon />} onClick={onEdit}>
                Edit
              </Button>
            )}
          </Stack>
          <Fields items={textFields.map((f) => ({ label: f, value: rec.data[f] || '—' }))} />
        </Box>
      )}
      {imageFields.map((f) => (
        <Box key={f}>
          <Typography variant="subtitle2" component="h3" gutterBottom>
            {f}
          </Typography>
          {rec.data[f] ? (
            <Link href={rec.data[f]} target="_blank" rel="noreferrer">
              <Box component="img" src={rec.data[f]} alt={`${rec.optionType} ${f}`} sx={{ maxWidth: '100%', maxHeight: 220, borderRadius: 1, border: 1, borderColor: 'divider' }} />
            </Link>
          ) : (
            <Typography variant="body2" color="text.secondary">
              No image
            </Typography>
          )}
          {canEdit && <KycImageUpload rec={rec} field={f} />}
        </Box>
      ))}
    </Stack>
  );
}
