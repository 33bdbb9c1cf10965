import { NOTE_MAX } from './constants.js';
import { plural } from './text.js';

/** The error catalogue and success messages of the spec, written once (000 §8, 001 §8, 002 §8). */
export const MSG = {
  GENERIC_ERROR: 'Something went wrong. Please try again later.',
  ERROR_DIALOG_TITLE: 'Unable To Save Changes',
  UNABLE_TO_PROCEED: 'Unable To Proceed',
  /** Title of the claim failures (Claim Cashback, Withdraw Profit) (001 §8). */
  UNABLE_TO_CLAIM: 'Unable to Claim',
  NO_PERMISSION: "You don't have permissions to perform this action.",
  NO_DATA: 'No data found',
  RECORD_NOT_ON_PAGE: 'This record is not on the current page of the list: change the filters or the page to find it.',
  NO_REPORT: 'No Report Available.',
  /** The cashback panel of a player with no level reached (001 §8's empty state). */
  NO_CURRENT_LEVEL: 'No Current Level Settings Found.',
  UNAUTHENTICATED: 'Please log in to continue.',
  WRONG_CREDENTIALS: 'Invalid email or password.',
  TOO_MANY_ATTEMPTS: 'Too many failed login attempts. Please try again later.',
  USER_BLOCKED: 'Your account is blocked.',
  NOT_FOUND: 'Not found.',
  OPERATOR_NOT_FOUND: 'Operator not found, please select an operator.',
  PLAYER_NOT_FOUND: 'Player not found.',
  KYC_NOT_FOUND: 'KYC document not found.',
  // KYC (000 §5, §8)
  KYC_NOTE_REQUIRED: 'Note for the player cannot be empty!',
  KYC_APPROVED: 'Document has been successfully approved',
  KYC_REJECTED: 'Document has been successfully rejected',
  KYC_ALREADY_CONFIRMED: 'Document is already confirmed.',
  KYC_ALREADY_REJECTED: 'Document is already rejected.',
  KYC_EDITED: 'KYC details have been successfully edited',
  KYC_IMAGE_UPDATED: 'KYC image updated successfully',
  KYC_GENERIC: 'An error occurred.',
  KYC_EDIT_FAILED: 'Unable to edit KYC details.',
  KYC_IMAGE_TYPE: 'Only (jpg,jpeg,png) image files are allowed.',
  KYC_IMAGE_SIZE: 'Image must be smaller than 5MB.',
  /** The bytes are not a jpg or png image, whatever the file's name or declared type. */
  KYC_IMAGE_CONTENT: 'The file is not a valid jpg or png image.',
  INVALID_EMAIL: 'Invalid Email Address',
  invalidField: (field: string) => `Invalid field: ${field}`,
  // Usernames (001 §5)
  USERNAME_INVALID: 'Invalid username, please enter valid characters...',
  USERNAME_STATUS_EMPTY: 'Username status cannot be empty.',
  USERNAME_NOTE_REQUIRED: 'Note for the player is required',
  USERNAME_UPDATED: 'Username updated!',
  USERNAME_NOT_PENDING: 'This username request was already moderated.',
  // Players
  PLAYER_DELETE_FAILED: 'Unable to perform this action',
  PLAYER_DELETED: 'Player deleted!',
  TWO_FA_FAILED: 'Failed to update 2FA settings',
  TWO_FA_ERROR: 'An error occurred while updating the 2FA settings',
  TWO_FA_RESET: "Player's 2FA has been reset!",
  SUCCESS: 'Success',
  PLAYER_DELETE_CONFIRM: 'Type the player code to confirm.',
  PLAYER_ALREADY_DELETED: 'Player is already deleted.',
  UNKNOWN_TIMEZONE: 'Unknown timezone.',
  LANGUAGE_INVALID: 'Choose a language from the list.',
  // Input validation (lists, player and KYC calls; the login's are LOGIN_MESSAGES in login.ts)
  DATE_RANGE_INVALID: 'From date cannot exceed to date.',
  CURSOR_INVALID: 'Invalid cursor.',
  SEARCH_TOO_SHORT: 'Type at least 2 characters.',
  PLAYER_KEY_REQUIRED: 'playerId or playerCode is required.',
  PLAYER_ID_REQUIRED: 'playerId is required.',
  PLAYER_CODE_REQUIRED: 'playerCode is required.',
  NOTE_TOO_LONG: `Note must be at most ${NOTE_MAX} characters.`,
  KYC_ACTION_INVALID: 'action must be one of approve, reject, edit, upload.',
  /** A list filter given a value outside its vocabulary (designed). */
  filterOneOf: (field: string, values: readonly string[]) => `${field} must be one of ${values.join(', ')}.`,
} as const;

/**
 * A field's refusal where its rule names no message of its own (zod-errors.ts): the field by its
 * label ("From date", "Transaction ID"), then what it takes. The spec's rules always name theirs.
 */
export const FIELD_MESSAGES = {
  required: (field: string) => `${field} is required.`,
  tooLong: (field: string, max: number) => `${field}: at most ${max.toLocaleString('en-US')} characters.`,
  tooShort: (field: string, min: number) => `${field}: at least ${min.toLocaleString('en-US')} characters.`,
  tooMany: (field: string, max: number) => `${field}: at most ${max.toLocaleString('en-US')} items.`,
  tooFew: (field: string, min: number) => `${field}: at least ${min.toLocaleString('en-US')} items.`,
  atMost: (field: string, max: string, inclusive: boolean) => `${field}: ${inclusive ? 'at most' : 'less than'} ${max}.`,
  atLeast: (field: string, min: string, inclusive: boolean) => `${field}: ${inclusive ? 'at least' : 'more than'} ${min}.`,
  expected: (field: string, what: string) => `${field}: expected ${what}.`,
  oneOf: (field: string, values: readonly string[]) => `${field}: must be one of ${values.join(', ')}.`,
  multipleOf: (field: string, step: string) => `${field}: must be a multiple of ${step}.`,
  invalid: (field: string) => `${field} is not valid.`,
  unknownFields: (keys: readonly string[]) => `Unknown ${plural(keys.length, 'field')}: ${keys.join(', ')}.`,
  /** The label of a value refused on its own, not as a field of a request. */
  VALUE: 'Value',
} as const;

/** Messages of the endpoint layer (input guard, idempotency). */
export const PLATFORM_MESSAGES = {
  INPUT_NUL: 'Invalid input: text may not contain NUL characters.',
  INPUT_TOO_LONG: (max: number) => `Invalid input: text may not be longer than ${max.toLocaleString('en-US')} characters.`,
  INPUT_NOT_FINITE: 'Invalid input: numbers must be finite.',
  INPUT_TOO_DEEP: 'Invalid input: too deeply nested.',
  INPUT_INVALID: 'Invalid input, please check the fields and try again.',
  IDEMPOTENCY_KEY_INVALID: 'Idempotency-Key must be 8 to 128 characters.',
  REQUEST_IN_PROGRESS: 'Request in progress, retry.',
  IDEMPOTENCY_KEY_REQUIRED: 'This call moves money: send an Idempotency-Key header (8 to 128 characters) so a retry is applied once.',
} as const;
