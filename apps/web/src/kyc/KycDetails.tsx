import { useState } from 'react';
import { Box, Button, Link, Stack, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import BrokenImageIcon from '@mui/icons-material/BrokenImage';
import { KYC_FIELD_RULES, KYC_IMAGE_FIELDS, KYC_OPTION_FIELDS, KYC_OPTION_TYPES, label, type KycOptionType, type KycRecord } from '@pitboss/contract';
import { Fields } from '../kit/Fields';
import { CopyButton } from '../kit/CopyButton';
import { StatusChip } from '../players/PlayerSections';
import { useFormatTime } from '../shell/session';
import { KycImageUpload } from './KycImageUpload';

export const isImageField = (f: string) => (KYC_IMAGE_FIELDS as readonly string[]).includes(f);
export const optionFields = (optionType: string): readonly string[] =>
  (KYC_OPTION_TYPES as readonly string[]).includes(optionType) ? KYC_OPTION_FIELDS[optionType as KycOptionType] : Object.keys({});

/** An image field the document cannot do without (CARD_COPY's back image is optional). */
const requiredImage = (f: string) => !(KYC_FIELD_RULES[f as keyof typeof KYC_FIELD_RULES]?.safeParse(undefined).success ?? true);

/**
 * The images of a document a reviewer cannot see: a required image never submitted, or one whose
 * file does not load (`broken`, reported by the images as they fail).
 */
export function unseenImages(rec: KycRecord, broken: ReadonlySet<string>): string[] {
  return optionFields(rec.optionType).filter(isImageField)
    .filter((f) => (rec.data[f] ? broken.has(`${rec.kycId}:${f}`) : requiredImage(f)));
}

/** A clear placeholder where a document image cannot be shown (never a broken image). */
function ImagePlaceholder({ text }: { text: string }) {
  return (
    <Box
      role="img"
      aria-label={text}
      data-testid="kyc-image-placeholder"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 2, maxWidth: 360, border: 1, borderStyle: 'dashed', borderColor: 'warning.main', borderRadius: 1, color: 'text.secondary' }}
    >
      <BrokenImageIcon color="warning" />
      <Typography variant="body2">{text}</Typography>
    </Box>
  );
}

/** A document image; a file that does not load is replaced by the placeholder and reported (`onBroken`). */
function KycImage({ src, alt, onBroken }: { src: string; alt: string; onBroken: () => void }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <ImagePlaceholder text="The image could not be loaded. Look at the document another way before confirming it." />;
  return (
    <Link href={src} target="_blank" rel="noreferrer">
      <Box
        component="img"
        src={src}
        alt={alt}
        onError={() => { setFailed(true); onBroken(); }}
        sx={{ maxWidth: '100%', maxHeight: 220, borderRadius: 1, border: 1, borderColor: 'divider' }}
      />
    </Link>
  );
}

/** Read-only facts of a KYC record; rejected fields only when REJECTED, approved only when CONFIRMED. */
export function KycDetails({ rec, canEdit, onEdit, onImageBroken }: { rec: KycRecord; canEdit: boolean; onEdit: () => void; onImageBroken?: (field: string) => void }) {
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
          { label: 'Document type', value: label('kycOptionType', rec.optionType), testId: 'kyc-type' },
          { label: 'Level', value: rec.level },
          { label: 'Status', value: <StatusChip status={rec.kycStatus} kind="kycStatus" />, testId: 'kyc-status' },
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
          <Fields items={textFields.map((f) => ({ label: label('kycField', f), value: rec.data[f] || '—' }))} />
        </Box>
      )}
      {imageFields.map((f) => (
        <Box key={f}>
          <Typography variant="subtitle2" component="h3" gutterBottom>
            {label('kycField', f)}
          </Typography>
          {rec.data[f] ? (
            <KycImage key={`${rec.kycId}:${rec.data[f]}`} src={rec.data[f]} alt={`${label('kycOptionType', rec.optionType)}: ${label('kycField', f)}`} onBroken={() => onImageBroken?.(f)} />
          ) : requiredImage(f) ? (
            <ImagePlaceholder text="No image was submitted." />
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
