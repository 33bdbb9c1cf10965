import { z } from 'zod';
import './zod-errors.js';
import { MSG } from './messages.js';
import { KYC_IMAGE_EXTENSIONS, KYC_IMAGE_MAX_BYTES, LANGUAGES, NOTE_MAX } from './constants.js';
import { KYC_FIELD_LABELS, type KycField } from './labels.js';

/** The player a call is about, by code (every player-addressed report and panel call). */
export const playerCodeField = z.string({ error: MSG.PLAYER_CODE_REQUIRED }).trim().min(1, MSG.PLAYER_CODE_REQUIRED).max(64);

/**
 * Validation rules of the spec with its exact messages. The console's forms and the
 * server's handlers use these same schemas.
 */

/** A note for the player on KYC confirm/reject (000 §5). */
export const kycNoteSchema = z
  .string({ error: MSG.KYC_NOTE_REQUIRED })
  .trim()
  .min(1, MSG.KYC_NOTE_REQUIRED)
  .max(NOTE_MAX, MSG.NOTE_TOO_LONG);

/** "Invalid field: {field}" (000 §5) with the field's label ("Invalid field: Post code"); an unknown name as it is. */
export const invalidKycField = (field: string): string =>
  MSG.invalidField(Object.hasOwn(KYC_FIELD_LABELS, field) ? KYC_FIELD_LABELS[field as KycField] : field);

const notBlank = (field: KycField) => z.string({ error: invalidKycField(field) }).trim().min(1, invalidKycField(field));

/** KYC edit field rules (000 §5), one schema per field name. */
export const KYC_FIELD_RULES = {
  email: notBlank('email').pipe(z.string().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, MSG.INVALID_EMAIL)),
  firstName: notBlank('firstName').pipe(z.string().regex(/^[A-Za-z\s-]{1,50}$/, invalidKycField('firstName'))),
  lastName: notBlank('lastName').pipe(z.string().regex(/^[A-Za-z\s-]{1,50}$/, invalidKycField('lastName'))),
  passportId: notBlank('passportId').pipe(z.string().regex(/^\d{5,50}$/, invalidKycField('passportId'))),
  cardId: notBlank('cardId').pipe(z.string().regex(/^[A-Za-z0-9]{5,50}$/, invalidKycField('cardId'))),
  phoneNumber: notBlank('phoneNumber').pipe(z.string().regex(/^\d{6,16}$/, invalidKycField('phoneNumber'))),
  postCode: notBlank('postCode').pipe(z.string().regex(/^\d{4,10}$/, invalidKycField('postCode'))),
  address: notBlank('address').pipe(z.string().min(2, invalidKycField('address')).max(120, invalidKycField('address'))),
  city: notBlank('city').pipe(z.string().min(2, invalidKycField('city')).max(20, invalidKycField('city'))),
  country: notBlank('country'),
  birthDate: notBlank('birthDate').pipe(
    z.string().refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && v >= '1900-01-01' && v <= '2007-12-31' && !Number.isNaN(Date.parse(v)) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v, invalidKycField('birthDate')),
  ),
  imageUrl: notBlank('imageUrl'),
  frontImageUrl: notBlank('frontImageUrl'),
  backImageUrl: z.string().optional(),
} as const;

/** Input length limits of the KYC edit form (000 §5: "input limited"). */
export const KYC_INPUT_MAX: Partial<Record<keyof typeof KYC_FIELD_RULES, number>> = {
  passportId: 20, cardId: 20, address: 120, city: 10, phoneNumber: 16, postCode: 10, firstName: 50, lastName: 50,
};

export const KYC_OPTION_TYPES = ['PASSPORT_COPY', 'CARD_COPY', 'EMAIL', 'MOBILE_NUMBER', 'ADDRESS', 'PERSONAL_DETAILS', 'PASSPORT_ID', 'CARD_ID'] as const;
export type KycOptionType = (typeof KYC_OPTION_TYPES)[number];

/** The data fields each KYC option type holds (000 §3). */
export const KYC_OPTION_FIELDS: Record<KycOptionType, readonly (keyof typeof KYC_FIELD_RULES)[]> = {
  PASSPORT_COPY: ['imageUrl'],
  CARD_COPY: ['frontImageUrl', 'backImageUrl'],
  EMAIL: ['email'],
  MOBILE_NUMBER: ['phoneNumber'],
  ADDRESS: ['postCode', 'address', 'city', 'country'],
  PERSONAL_DETAILS: ['firstName', 'lastName', 'birthDate'],
  PASSPORT_ID: ['passportId'],
  CARD_ID: ['cardId'],
};

export const KYC_IMAGE_FIELDS = ['imageUrl', 'frontImageUrl', 'backImageUrl'] as const;

/** Validate the editable (non-image) details of a KYC option type; returns messages. */
export function validateKycDetails(optionType: KycOptionType, details: Record<string, unknown>): string[] {
  const messages: string[] = [];
  for (const field of KYC_OPTION_FIELDS[optionType]) {
    if ((KYC_IMAGE_FIELDS as readonly string[]).includes(field)) continue;
    const res = KYC_FIELD_RULES[field].safeParse(details[field]);
    if (!res.success) messages.push(res.error.issues[0]?.message ?? invalidKycField(field));
  }
  return messages;
}

/** KYC image upload rule (000 §5): jpg, jpeg, png, under 5 MB. Returns a message or null. */
export function checkKycImage(fileName: string, size: number): string | null {
  const ext = fileName.split('.').pop()?.toLowerCase() ?? '';
  if (!(KYC_IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return MSG.KYC_IMAGE_TYPE;
  if (size >= KYC_IMAGE_MAX_BYTES) return MSG.KYC_IMAGE_SIZE;
  return null;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const IHDR = [0x49, 0x48, 0x44, 0x52] as const;

/**
 * What an uploaded image really is, from its bytes (not its name or declared type): `png` (the
 * PNG signature followed by its IHDR header chunk), `jpeg` (a JPEG start-of-image marker
 * followed by another marker), else null.
 */
export function kycImageKind(bytes: Uint8Array): 'png' | 'jpeg' | null {
  if (bytes.length >= 33 && PNG_SIGNATURE.every((b, i) => bytes[i] === b) && IHDR.every((b, i) => bytes[12 + i] === b)) return 'png';
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff && bytes[3] !== 0xff && bytes[3] !== 0x00) return 'jpeg';
  return null;
}

/** The content type a stored image is served with. */
export const KYC_IMAGE_MIME = { png: 'image/png', jpeg: 'image/jpeg' } as const;

/** Username rule (001 §5): 6-20, not starting with a digit or underscore, letters/digits/_/- (empty allowed). */
export const USERNAME_PATTERN = /^(?:(?![\d_])[A-Za-z0-9_-]{6,20})?$/;
export const usernameSchema = z.string().regex(USERNAME_PATTERN, MSG.USERNAME_INVALID);

export const USERNAME_STATUSES = ['PENDING', 'APPROVE', 'REJECT'] as const;
export type UsernameStatus = (typeof USERNAME_STATUSES)[number];

/** The IANA time zones the runtime knows, UTC first (the console's list; the server accepts the same). */
export function timezoneNames(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}

/** The canonical name of a time zone (`europe/london` → `Europe/London`), or null when it is none. */
export function canonicalTimezone(tz: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * A display time zone: an IANA name, stored canonical. The one rule of every time zone staff
 * set (New Admin, the profile, the top bar's clock).
 */
export const timezoneSchema = z.string({ error: MSG.UNKNOWN_TIMEZONE }).trim().min(1, MSG.UNKNOWN_TIMEZONE).max(64, MSG.UNKNOWN_TIMEZONE)
  .transform((v, c) => {
    const tz = canonicalTimezone(v);
    if (!tz) { c.addIssue({ code: 'custom', message: MSG.UNKNOWN_TIMEZONE }); return z.NEVER; }
    return tz;
  });

/** A console language of a staff account. */
export const languageSchema = z.enum(LANGUAGES, { error: MSG.LANGUAGE_INVALID });
