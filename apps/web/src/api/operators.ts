import { useQuery } from '@tanstack/react-query';
import type { DataOf } from '@pitboss/contract/endpoint-schemas';
import { apiData } from './endpoint';

/** Query keys of one operator's data and settings (the lists key themselves by their endpoint, see kit/ListPage). */
export const operatorKeys = {
  all: ['operators'] as const,
  detail: (opId: string) => [...operatorKeys.all, 'detail', opId] as const,
  settings: (opId: string) => [...operatorKeys.all, 'settings', opId] as const,
  parents: () => [...operatorKeys.all, 'active-parents'] as const,
};

export type OperatorDetails = DataOf<'shell.operator'>;
export type OperatorSettings = DataOf<'operators.settings'>;

/** POST /api/operators/show: the operator's data (kind, parent, status, languages, allowed gateways). */
export const useOperator = (opId: string) =>
  useQuery({ queryKey: operatorKeys.detail(opId), queryFn: () => apiData('shell.operator', { body: { opId } }), enabled: !!opId });

/** GET /api/operators/settings?opId: the affiliates and cashback sections. */
export const useOperatorSettings = (opId: string, enabled: boolean) =>
  useQuery({ queryKey: operatorKeys.settings(opId), queryFn: () => apiData('operators.settings', { query: { opId } }), enabled: !!opId && enabled });

/** The ACTIVE parent operators by title (a transformation's parent choices; a handful, one page). */
export const useActiveParents = () =>
  useQuery({
    queryKey: operatorKeys.parents(),
    queryFn: () => apiData('operators.list', { body: { type: 'parent', status: 'ACTIVE', limit: 100, sortBy: 'title' } }),
  });
