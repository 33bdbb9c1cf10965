import { z } from 'zod';
import { kycActionBody, kycListBody, kycRecord } from '../../api.js';
import { KYC } from '../meta/kyc.js';
import { listAnswer } from './common.js';
import { claimState, kycClaimBody } from '../../claims.js';
import type { SchemasOf } from './types.js';

export const KYC_SCHEMAS = {
  'kyc.list': { body: kycListBody, response: listAnswer(kycRecord) },
  'kyc.get': { body: z.object({ kycId: z.string() }), response: kycRecord },
  /** JSON actions; an upload sends a multipart form instead (kycId, field, the image), read by the handler. */
  'kyc.update': { body: kycActionBody, response: kycRecord },
  'kyc.claim': { body: kycClaimBody, response: claimState },
  'kyc.file': { params: z.object({ id: z.string() }), response: null },
} satisfies SchemasOf<typeof KYC>;
