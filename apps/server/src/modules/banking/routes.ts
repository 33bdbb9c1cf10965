import type { FastifyInstance } from 'fastify';
import { bankAccountRoutes } from './bank-accounts.js';
import { bankRoutes } from './banks.js';
import { gatewayRoutes } from './gateways.js';
import { treasuryRoutes } from './treasuries.js';
import { convertRoutes } from './convert.js';

/** Routes of the banking module: bank accounts, banks, gateways, treasuries (Utopia), balance conversion. */
export async function bankingRoutes(app: FastifyInstance): Promise<void> {
  await bankAccountRoutes(app);
  await bankRoutes(app);
  await gatewayRoutes(app);
  await treasuryRoutes(app);
  await convertRoutes(app);
}
