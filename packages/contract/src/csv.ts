/** CSV files staff download (list exports in the console, background exports on the server): one writer. */

/** One CSV field: quoted, and protected against formula injection in spreadsheet programs (plain numbers stay numbers). */
export function csvField(v: string): string {
  const number = /^-?\d+(\.\d+)?$/.test(v);
  const safe = !number && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\n\r]/.test(safe) || safe !== v ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  return [headers, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n');
}
