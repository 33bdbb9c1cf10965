/**
 * Refusals of rules that name no message of their own, for both sides: zod's own texts ("Too big:
 * expected string to have <=10 characters") say neither which field nor in staff words what it
 * takes. Installed once as zod's global error map (a rule's own message always wins over it), so the
 * server's 400 answers and the console's forms say "From date: at most 10 characters.".
 */
import { z } from 'zod';
import { humanize } from './labels.js';
import { FIELD_MESSAGES as F } from './messages.js';

/** Labels of fields whose name does not read as words ("opId" is the operator). */
const LABELS: Record<string, string> = {
  opId: 'Operator', opIds: 'Operators', parentOpId: 'Parent operator', txId: 'Transaction ID', playerId: 'Player', playerCode: 'Player code',
  uuid: 'ID', id: 'ID', betId: 'Bet ID', userId: 'User', user_id: 'User', brandId: 'Brand', ticketId: 'Ticket',
};

/** A field's label from its path: its last name in words ("fromDate" → "From date", "items.2.amount" → "Amount"). */
export function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const name = [...(path ?? [])].reverse().find((k): k is string => typeof k === 'string');
  if (!name) return F.VALUE;
  return Object.hasOwn(LABELS, name) ? LABELS[name]! : humanize(name);
}

const KINDS: Record<string, string> = {
  string: 'text', number: 'a number', int: 'a whole number', bigint: 'a whole number', boolean: 'true or false', object: 'an object', array: 'a list',
  date: 'a date', null: 'nothing', undefined: 'nothing', literal: 'a fixed value',
};
const quote = (v: unknown) => (typeof v === 'string' ? v : String(v));
const limit = (v: unknown) => (v instanceof Date ? v.toISOString() : typeof v === 'number' ? v.toLocaleString('en-US', { maximumFractionDigits: 20 }) : String(v));

/** zod's error map for a rule without a message of its own. */
export const fieldError: z.core.$ZodErrorMap = (iss) => {
  const field = fieldLabel(iss.path);
  const isText = iss.origin === 'string';
  const isList = iss.origin === 'array' || iss.origin === 'set';
  switch (iss.code) {
    case 'invalid_type':
      return iss.input === undefined || iss.input === null ? F.required(field) : F.expected(field, KINDS[iss.expected] ?? iss.expected);
    case 'too_big':
      if (isText) return F.tooLong(field, Number(iss.maximum));
      if (isList) return F.tooMany(field, Number(iss.maximum));
      return F.atMost(field, limit(iss.maximum), iss.inclusive !== false);
    case 'too_small':
      if (isText) return Number(iss.minimum) <= 1 ? F.required(field) : F.tooShort(field, Number(iss.minimum));
      if (isList) return F.tooFew(field, Number(iss.minimum));
      return F.atLeast(field, limit(iss.minimum), iss.inclusive !== false);
    case 'invalid_value':
      return iss.values.length > 0 && iss.values.length <= 12 ? F.oneOf(field, iss.values.map(quote)) : F.invalid(field);
    case 'not_multiple_of':
      return F.multipleOf(field, limit(iss.divisor));
    case 'unrecognized_keys':
      return F.unknownFields(iss.keys);
    default:
      return F.invalid(field);
  }
};

z.config({ customError: fieldError });
