import { useQuery } from '@tanstack/react-query';
import type { KycRecord, ListAnswer } from '@pitboss/contract';
import { call, compact, post } from './client';

export const kycKeys = {
  all: ['kyc'] as const,
  lists: () => [...kycKeys.all, 'list'] as const,
  list: (params: object) => [...kycKeys.lists(), params] as const,
  details: () => [...kycKeys.all, 'detail'] as const,
  detail: (kycId: string) => [...kycKeys.details(), kycId] as const,
};

export const fetchKycList = (body: Record<string, unknown>) => post<ListAnswer<KycRecord>>('/api/kyc/list', compact(body));

export const useKyc = (kycId: string | undefined) =>
  useQuery({ queryKey: kycKeys.detail(kycId ?? ''), queryFn: () => post<KycRecord>('/api/kyc/get', { kycId }), enabled: !!kycId });

export const decideKyc = (action: 'approve' | 'reject', kycId: string, noteForPlayer: string) =>
  call<KycRecord>('PUT', '/api/players/kyc/v2', { action, kycId, noteForPlayer });

export const editKyc = (kycId: string, details: Record<string, string>) =>
  call<KycRecord>('PUT', '/api/players/kyc/v2', { action: 'edit', kycId, details });

export function uploadKycImage(rec: KycRecord, field: string, file: File) {
  const fd = new FormData();
  fd.set('kycId', rec.kycId);
  fd.set('playerCode', rec.playerCode);
  fd.set('playerId', rec.playerId);
  fd.set('key', field);
  fd.set('field', field);
  fd.set('imageFile', file, file.name);
  return call<KycRecord>('PUT', '/api/players/kyc/v2', fd);
}
