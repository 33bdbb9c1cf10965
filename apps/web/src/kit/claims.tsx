/**
 * The console side of record claims (contract claims.ts): the chip that says who holds a record
 * (tickets, pending withdrawals, pending KYC documents) and the hook a record drawer uses to
 * claim its record while it is open.
 */
import { useEffect, useState } from 'react';
import { Alert, Chip } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import { CLAIM_MESSAGES, type ClaimKind, type ClaimState, type RecordHolder } from '@pitboss/contract';
import type { Column } from './ListPage';
import { ApiError } from '../api/client';
import { api } from '../api/endpoint';
import { useCanCall } from '../shell/useCanCall';

/** Who holds the record (nobody: nothing shown). */
export function HolderChip({ c, testId = 'record-holder' }: { c: Pick<ClaimState, 'claimedBy' | 'claimedByMe'> | null | undefined; testId?: string }) {
  if (!c?.claimedBy) return null;
  return <Chip size="small" icon={<LockIcon />} color={c.claimedByMe ? 'primary' : 'warning'} label={CLAIM_MESSAGES.holder(c.claimedBy, c.claimedByMe)} data-testid={testId} />;
}

/** The claim endpoint of each claimed queue, and how it names its record. */
const CLAIM_ENDPOINTS = {
  ticket: { name: 'support.claim', field: 'ticketId' },
  withdrawal: { name: 'payments.withdrawClaim', field: 'txId' },
  kyc: { name: 'kyc.claim', field: 'kycId' },
} as const;

/** How often a drawer whose record someone else holds asks again (it takes the record once they let it go). */
const RETRY_MS = 30_000;

export interface RecordClaim {
  /** Who holds the record (null until the first answer, or when the caller may not claim). */
  state: ClaimState | null;
  /** Another staff member holds it: the decision buttons are disabled. */
  heldByOther: boolean;
}

/**
 * Claims the record while the drawer showing it is open (`id` null: nothing to claim, e.g. a
 * decided record). Held by someone else, the answer (409) names them and the drawer asks again
 * every 30 s; the caller's own claim is not renewed while the drawer merely stays open, so it
 * expires when they go idle, and closing the drawer releases it. Silent: no toast, no error dialog.
 */
export function useRecordClaim(kind: ClaimKind, id: string | null): RecordClaim {
  const canCall = useCanCall();
  const ep = CLAIM_ENDPOINTS[kind];
  const allowed = canCall(ep.name);
  const [state, setState] = useState<ClaimState | null>(null);
  useEffect(() => {
    setState(null);
    if (!id || !allowed) return;
    let alive = true;
    let mine = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const send = (action: 'claim' | 'release') => api(ep.name, { body: { [ep.field]: id, action } } as never);
    const claim = async () => {
      try {
        const a = await send('claim');
        mine = true;
        if (alive) setState(a.data as ClaimState);
        else void send('release').catch(() => undefined);
      } catch (e) {
        if (!alive) return;
        const held = e instanceof ApiError && e.httpStatus === 409 ? (e.data as ClaimState | null) : null;
        setState(held);
        if (held?.claimedBy) timer = setTimeout(() => void claim(), RETRY_MS);
      }
    };
    void claim();
    return () => {
      alive = false;
      if (timer) clearTimeout(timer);
      if (mine) void send('release').catch(() => undefined);
    };
  }, [kind, id, allowed, ep]);
  return { state, heldByOther: !!state?.claimedBy && !state.claimedByMe };
}

/** The drawer's line about the claim: who holds it, and why the decision is disabled. */
export function ClaimNotice({ claim, kind }: { claim: RecordClaim; kind: ClaimKind }) {
  if (!claim.state?.claimedBy) return null;
  if (claim.heldByOther) return <Alert severity="warning" icon={<LockIcon />} data-testid="record-held">{CLAIM_MESSAGES.heldBy(kind, claim.state.claimedBy)}</Alert>;
  return <HolderChip c={claim.state} />;
}

/**
 * The "Claimed by" column of a claimed queue's list: the holder's name (the caller: "Held by
 * you"), nothing when nobody holds the record. The lists reload on the live topic's events, so
 * the column follows claims and releases of other staff at once.
 */
export function claimedByColumn<T extends { holder?: RecordHolder }>(): Column<T> {
  return {
    key: 'holder',
    header: 'Claimed by',
    render: (r) => (r.holder ? <HolderChip c={{ claimedBy: r.holder.name, claimedByMe: r.holder.mine }} testId="list-holder" /> : '—'),
    csv: (r) => r.holder?.name ?? '',
  };
}
