import type { Handlers } from '../../platform/endpoints.js';
import { bankAccountHandlers } from './bank-accounts.js';
import { bankHandlers } from './banks.js';
import { gatewayHandlers } from './gateways.js';
import { treasuryHandlers } from './treasuries.js';
import { convertHandlers } from './convert.js';

type BankingHandlers = typeof bankAccountHandlers & typeof bankHandlers & typeof gatewayHandlers & typeof treasuryHandlers & typeof convertHandlers;

/** The banking module: bank accounts, banks, gateways, treasuries (Utopia), balance conversion. */
export const bankingHandlers: Handlers<keyof BankingHandlers> = {
  ...bankAccountHandlers,
  ...bankHandlers,
  ...gatewayHandlers,
  ...treasuryHandlers,
  ...convertHandlers,
};
