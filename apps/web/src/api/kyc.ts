import { useQuery } from '@tanstack/react-query';
import type { BodyOf, DataOf } from '@pitboss/contract/endpoint-schemas';
import { compact } from './client';
import { apiData } from './endpoint';

export const kycKeys = {
  all: ['kyc'] as const,
  lists: () => [...kycKeys.all, 'list'] as const,
  list: (params: object) => [...kycKeys.lists(), params] as const,
  details: () => [...kycKeys.all, 'detail'] as const,
  detail: (kycId: string) => [...kycKeys.details(), kycId] as const,
};

/** A KYC document as the list, the details and every action answer it. */
export type KycRecord = DataOf<'kyc.get'>;

export const fetchKycList = (body: Record<string, unknown>) => apiData('kyc.list', { body: compact(body) as BodyOf<'kyc.list'> });

export const useKyc = (kycId: string | undefined) =>
  useQuery({ queryKey: kycKeys.detail(kycId ?? ''), queryFn: () => apiData('kyc.get', { body: { kycId: kycId ?? '' } }), enabled: !!kycId });
