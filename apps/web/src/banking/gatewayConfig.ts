import type { GatewayDirection } from '@pitboss/contract';
import { R } from '../routes/paths';

/** The four gateway lists (deposit/withdraw × V1/V2) differ only by configuration. */
export interface GatewayListConfig {
  direction: GatewayDirection;
  label: string;
  version: 1 | 2;
}
export const GATEWAY_LIST_CONFIGS: Record<string, GatewayListConfig> = {
  [R.depositGateways.path]: { direction: 'DEPOSIT', label: 'Deposit gateways', version: 1 },
  [R.depositGatewaysV2.path]: { direction: 'DEPOSIT', label: 'Deposit gateways V2', version: 2 },
  [R.withdrawGateways.path]: { direction: 'WITHDRAW', label: 'Withdraw gateways', version: 1 },
  [R.withdrawGatewaysV2.path]: { direction: 'WITHDRAW', label: 'Withdraw gateways V2', version: 2 },
};
/** The V2 list and detail page of a direction (after deleting a gateway the user goes to the V2 list). */
export const gatewayV2Paths = (d: GatewayDirection) =>
  d === 'DEPOSIT'
    ? { list: R.depositGatewaysV2.path, detail: R.depositGateway.path }
    : { list: R.withdrawGatewaysV2.path, detail: R.withdrawGateway.path };
