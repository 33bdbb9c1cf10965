import { useEffect, useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import CheckIcon from '@mui/icons-material/Check';
import { COPY_IMAGE_INDICATOR_MS, COPY_INDICATOR_MS } from '@pitboss/contract';

/** How long the check shows after a copy (000 §9: 1 second, 2 seconds for an image link). */
const copyIndicatorMs = (image: boolean): number => (image ? COPY_IMAGE_INDICATOR_MS : COPY_INDICATOR_MS);

/** Copies `value`; shows a check for COPY_INDICATOR_MS (COPY_IMAGE_INDICATOR_MS when `image`: the value is an image link). */
export function CopyButton({ value, label = 'Copy', image = false }: { value: string; label?: string; image?: boolean }) {
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!done) return;
    const t = setTimeout(() => setDone(false), copyIndicatorMs(image));
    return () => clearTimeout(t);
  }, [done, image]);
  return (
    <Tooltip title={done ? 'Copied' : label}>
      <IconButton
        size="small"
        aria-label={`${label} ${value}`}
        onClick={(e) => {
          e.stopPropagation();
          void navigator.clipboard?.writeText(value).then(() => setDone(true), () => setDone(true));
        }}
      >
        {done ? <CheckIcon fontSize="inherit" color="success" /> : <ContentCopyIcon fontSize="inherit" />}
      </IconButton>
    </Tooltip>
  );
}
