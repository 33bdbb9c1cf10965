import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { DEFAULT_LANGUAGE } from '@pitboss/contract/constants';
import { languageLabel } from '@pitboss/contract/constants';
import { useSession } from '../shell/session';
import { useScope } from '../shell/useScope';
import { namesOfOperators } from '../kit/operator';

/** The asset URL of a media item (002 §7: served under a path beginning v2/assets). */
export const assetUrl = (id: string) => `/api/cms/v2/assets/${encodeURIComponent(id)}`;


/**
 * Whose content and which language a CMS page edits: the operator selected in the shell (the own
 * operator for operator staff) and `selectedLanguage` (default en, one of the operator's languages).
 */
export function useCmsTarget() {
  const { user, operators } = useSession();
  const { opId: scoped } = useScope();
  const [sp, setSp] = useSearchParams();
  const opId = scoped ?? user.opId ?? undefined;
  const operator = operators.find((o) => o.opId === opId);
  const languages = operator?.allowedLangs.length ? operator.allowedLangs : [DEFAULT_LANGUAGE];
  const raw = sp.get('selectedLanguage');
  const language = raw && languages.includes(raw) ? raw : languages.includes(DEFAULT_LANGUAGE) ? DEFAULT_LANGUAGE : languages[0]!;
  const setLanguage = (l: string) => setSp((prev) => { const n = new URLSearchParams(prev); n.set('selectedLanguage', l); return n; });
  return { opId, operator, languages, language, setLanguage };
}
export type CmsTarget = ReturnType<typeof useCmsTarget>;

/**
 * A CMS page's header: its title with the operator's name, and the language. The operator is the
 * one chosen in the shell's Operator selector (no second selector on the page).
 */
export function CmsHeader({ title, target, actions, noLanguage }: { title: string; target: CmsTarget; actions?: ReactNode; noLanguage?: boolean }) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
      <Typography variant="h5" component="h1" sx={{ flex: 1 }}>{title}{target.operator ? ` · ${target.operator.title}` : ''}</Typography>
      {!noLanguage && target.opId && (
        <TextField select size="small" label="Language" value={target.language} onChange={(e) => target.setLanguage(e.target.value)} sx={{ minWidth: 160 }}>
          {target.languages.map((l) => <MenuItem key={l} value={l}>{languageLabel(l)}</MenuItem>)}
        </TextField>
      )}
      {actions}
    </Stack>
  );
}

/** Shown instead of a CMS page's content until an operator is chosen. */
export function ChooseOperator() {
  const { operators } = useSession();
  const { setScope } = useScope();
  // The operators with a site (not partners, not inactive ones): one click away, as in the shell's selector.
  const sites = operators.filter((o) => o.kind !== 'PARTNER' && o.status === 'ACTIVE');
  const nameOf = namesOfOperators(operators);
  return (
    <Stack spacing={1.5}>
      <Alert severity="info">Choose the operator whose site content you want to edit in the Operator selector at the top of the page.</Alert>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} aria-label="Operators">
        {sites.map((o) => <Chip key={o.opId} label={nameOf(o)} variant="outlined" onClick={() => setScope({ opId: o.opId })} />)}
      </Stack>
    </Stack>
  );
}
