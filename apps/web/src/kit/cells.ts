import type { ReactNode } from 'react';

/**
 * A cell text that reads wrong when broken over lines: a time ("2026-11-29 06:24:12") or an
 * amount ("1,234.50 USD", "$1,234.50", "-$12.00") or a range of two ("$10.00 / $50,000.00"). The
 * list kit keeps such cells on one line.
 */
const AMOUNT = '-?[$€£]?-?\\d[\\d,]*(\\.\\d+)?( [A-Z]{3,4})?';
const UNBROKEN = new RegExp(`^(\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}(:\\d{2})?|${AMOUNT}( [/–] ${AMOUNT})?)$`);
export const unbroken = (v: ReactNode): boolean => typeof v === 'string' && UNBROKEN.test(v);
