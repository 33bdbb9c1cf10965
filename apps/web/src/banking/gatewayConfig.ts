import type { GatewayDirection } from '@pitboss/contract';
import type { RoutePath } from '@pitboss/contract/routes';

/** The four gateway lists (deposit/withdraw × V1/V2) differ only by configuration. */
export interface GatewayListConfig {
  direction: GatewayDirection;
  label: string;
  version: 1 | 2;
}
export const GATEWAY_LIST_CONFIGS: Partial<Record<RoutePath, GatewayListConfig>> = {
  '/deposit/gateways': { direction: 'DEPOSIT', label: 'Deposit gateways', version: 1 },
  '/deposit/gatewaysV2': { direction: 'DEPOSIT', label: 'Deposit gateways V2', version: 2 },
  '/withdraw/gateways': { direction: 'WITHDRAW', label: 'Withdraw gateways', version: 1 },
  '/withdraw/gatewaysV2': { direction: 'WITHDRAW', label: 'Withdraw gateways V2', version: 2 },
};
/** The V2 list and detail page of a direction (after deleting a gateway the user goes to the V2 list). */
export const gatewayV2Paths = (d: GatewayDirection) =>
  d === 'DEPOSIT'
    ? { list: '/deposit/gatewaysV2', detail: '/deposit/gatewaysV2/:uuid' } as const
    : { list: '/withdraw/gatewaysV2', detail: '/withdraw/gatewaysV2/:uuid' } as const;
