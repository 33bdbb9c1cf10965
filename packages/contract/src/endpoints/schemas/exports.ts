import { z } from 'zod';
import { exportView, highDepositorsBody } from '../../exports.js';
import { EXPORTS } from '../meta/exports.js';
import type { SchemasOf } from './types.js';

const byId = z.object({ id: z.string() });

export const EXPORTS_SCHEMAS = {
  'exports.highDepositors': { body: highDepositorsBody, response: exportView },
  'exports.get': { params: byId, response: exportView },
  'exports.file': { params: byId, response: null },
} satisfies SchemasOf<typeof EXPORTS>;
