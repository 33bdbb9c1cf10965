/** A unique-index violation from either driver (drizzle wraps the driver error in `cause`): a row taken meanwhile. */
export function isUniqueViolation(e: unknown): boolean {
  for (let x: unknown = e, i = 0; x && i < 4; x = (x as { cause?: unknown }).cause, i++) {
    if ((x as { code?: string }).code === '23505') return true;
  }
  return false;
}
