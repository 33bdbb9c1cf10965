import { LIST, anyOf, ep, lookup, record } from '../define.js';

/** Deciding a document needs `approve_reject_kyc`; editing or uploading needs `edit_kyc_data`. */
const BY_ACTION = {
  anyOf: ['documentsV2'],
  byField: { field: 'action', keys: { approve: 'approve_reject_kyc', reject: 'approve_reject_kyc' }, otherwise: 'edit_kyc_data' },
} as const;

/** KYC documents (000 §3, §5): the documents page, decisions, edits, image uploads and the stored images. */
export const KYC = {
  'kyc.list': ep({
    method: 'POST', path: '/api/kyc/list', tag: 'kyc', summary: 'KYC documents, newest first',
    access: anyOf('documentsV2'), scope: LIST,
  }),
  'kyc.get': ep({
    method: 'POST', path: '/api/kyc/get', tag: 'kyc', summary: 'One KYC document',
    access: anyOf('documentsV2'), scope: record('kyc', 'kycId'),
  }),
  'kyc.update': ep({
    method: 'PUT', path: '/api/players/kyc/v2', tag: 'kyc', summary: 'Approve, reject or edit a KYC document (JSON), or upload one of its images (multipart)',
    access: BY_ACTION, scope: lookup('kyc', 'kycId', 'uuid'), multipart: true,
    audit: ['KYC_APPROVE', 'KYC_REJECT', 'KYC_EDIT', 'KYC_IMAGE_UPLOAD'],
    // Approve and reject decide a claimed document (claims.ts); an edit or an upload does not.
    claim: { kind: 'kyc', when: { field: 'action', values: ['approve', 'reject'] } }, live: 'kyc',
  }),
  'kyc.claim': ep({
    method: 'POST', path: '/api/kyc/claim', tag: 'kyc',
    summary: 'Claim (or renew) or release a KYC document being decided; held by someone else: 409 with their claim; a claim expires when its holder is idle (designed)',
    access: { anyOf: ['documentsV2'], byField: { field: 'kycId', keys: {}, otherwise: 'approve_reject_kyc' } }, scope: record('kyc', 'kycId'),
    audit: ['KYC_CLAIM', 'KYC_RELEASE'], live: 'kyc',
  }),
  'kyc.file': ep({
    method: 'GET', path: '/api/files/:id', tag: 'kyc', summary: 'A stored KYC image, to staff who may open its document (served inline, never sniffed)',
    access: anyOf('documentsV2'), scope: record('file', 'id', 'params'), binary: true,
  }),
} as const;
