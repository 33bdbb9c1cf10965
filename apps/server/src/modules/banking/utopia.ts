import { createHash } from 'node:crypto';
import { UTOPIA_SIM_MESSAGES } from '@pitboss/contract';

/**
 * A deterministic simulator of the Utopia voucher service (001 §3, §5). No network call:
 * - a code starting with "USED" is refused as already used at Utopia;
 * - the amount is the whole number of UUSD written in characters 10 to 14 (0-based 9..13);
 *   a code whose characters there are not five digits, or whose amount is 0, is refused;
 * - the reference number is derived from the code.
 * Redeeming a code once only is enforced by our own unique index (treasury_voucher_uq).
 */
export type VoucherAnswer =
  | { ok: true; amount: string; voucherRefNo: string; fee: string }
  | { ok: false; message: string };

/** The simulator's refusals come from the contract's catalogue. */
export { UTOPIA_SIM_MESSAGES };

export function redeemVoucher(code: string): VoucherAnswer {
  const c = code.trim();
  if (c.toUpperCase().startsWith('USED')) return { ok: false, message: UTOPIA_SIM_MESSAGES.USED };
  const digits = c.slice(9, 14);
  if (!/^\d{5}$/.test(digits)) return { ok: false, message: UTOPIA_SIM_MESSAGES.INVALID };
  const whole = BigInt(digits);
  if (whole === 0n) return { ok: false, message: UTOPIA_SIM_MESSAGES.EMPTY };
  const voucherRefNo = `UV-${createHash('sha256').update(c).digest('hex').slice(0, 16).toUpperCase()}`;
  return { ok: true, amount: `${whole}.00000000`, voucherRefNo, fee: '0' };
}

/** A voucher code worth `amount` whole UUSD (tests and demos): 28+ characters. */
export function makeVoucher(amount: number, salt: string): string {
  const a = String(amount).padStart(5, '0');
  return `UTV${salt.padEnd(6, 'X').slice(0, 6)}${a}${createHash('sha256').update(salt).digest('hex').slice(0, 18).toUpperCase()}`;
}
