import { z } from 'zod';
import { MSG } from './messages.js';

/** Background exports (001 §2 "Export High Depositors (CSV)", §5, §7). */
export const EXPORT_MESSAGES = {
  THRESHOLD: 'Deposit threshold must be a USD amount of at least 0.',
  QUEUED: 'The export has started: follow its progress here and download the file when it is ready.',
  NOT_READY: 'The file is not ready yet.',
  FAILED: 'The export failed. Please try again.',
} as const;

export const EXPORT_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
/** The kind of the high depositors export's row (the support report's is SUPPORT_REPORT_KIND). */
export const HIGH_DEPOSITORS_KIND = 'HIGH_DEPOSITORS';

/** A USD threshold: at least 0, at most 12 digits and 2 decimals (no sign, no exponent). */
export const USD_THRESHOLD_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;
/** The deposit threshold as text (what staff type, and the body's number written out): one rule for the form and the call. */
export const depositThreshold = z.string({ error: EXPORT_MESSAGES.THRESHOLD }).trim().regex(USD_THRESHOLD_PATTERN, EXPORT_MESSAGES.THRESHOLD);

/** `from` before (or at) `to`, compared as instants (an offset may differ between the two). */
const inOrder = (v: { from?: string; to?: string }) => !v.from || !v.to || Date.parse(v.from) <= Date.parse(v.to);

/**
 * POST /api/players/max-deposit: an operator must be selected; the players whose confirmed
 * deposits (USD) from `from` (inclusive) until `to` (exclusive: the first instant after the
 * period, as the console sends the day after the last day chosen) reach the threshold, a USD
 * number of at least 0 with at most 2 decimals (read as its exact decimal text, never a float).
 * `trimDecimals`: whole USD in the file.
 */
export const highDepositorsBody = z.object({
  opId: z.string({ error: MSG.OPERATOR_NOT_FOUND }).trim().min(1, MSG.OPERATOR_NOT_FOUND).max(64, MSG.OPERATOR_NOT_FOUND)
    .refine((v) => v !== '*', MSG.OPERATOR_NOT_FOUND),
  includeBrands: z.boolean().optional().default(false),
  trimDecimals: z.boolean().optional().default(false),
  from: z.string().datetime({ offset: true }).optional(),
  to: z.string().datetime({ offset: true }).optional(),
  depositAmountInUSDThreshold: z.number({ error: EXPORT_MESSAGES.THRESHOLD }).transform(String).pipe(depositThreshold),
}).refine(inOrder, { message: MSG.DATE_RANGE_INVALID, path: ['from'] });

/** An export as the console follows it: status, progress (0–100), the file's name and where to download it once DONE. */
export const exportView = z.object({
  exportId: z.string(),
  kind: z.string(),
  opId: z.string(),
  status: z.enum(EXPORT_STATUSES),
  progress: z.number().int(),
  rows: z.number().int(),
  fileName: z.string(),
  downloadUrl: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ExportView = z.infer<typeof exportView>;

/** The columns of the high depositors file. */
export const HIGH_DEPOSITORS_COLUMNS = [
  'Player code', 'Username', 'Email', 'Operator', 'Deposits', 'Total deposits (USD)', 'First deposit', 'Last deposit',
] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/**
 * The Export High Depositors dialog: the same rules as the call, on what staff type (the
 * threshold as text, days for the period; the console turns days into instants in the user's
 * time zone: `from` the start of its day, `to` the start of the day after, the call's exclusive bound).
 */
export const highDepositorsForm = z.object({
  opId: z.string().trim().min(1, MSG.OPERATOR_NOT_FOUND),
  includeBrands: z.boolean(),
  trimDecimals: z.boolean(),
  from: z.union([z.literal(''), z.string().regex(DAY, MSG.DATE_RANGE_INVALID)]),
  to: z.union([z.literal(''), z.string().regex(DAY, MSG.DATE_RANGE_INVALID)]),
  threshold: depositThreshold,
}).refine((v) => !v.from || !v.to || v.from <= v.to, { message: MSG.DATE_RANGE_INVALID, path: ['from'] });
