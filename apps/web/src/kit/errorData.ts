/** The error-response dialog's optional data table (000 §8, 001 §2), from an answer's `data`. */
const text = (v: unknown): string => (v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));
const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The error data as table rows: a list of records → one row each (the union of their keys as
 * columns); one record → its fields as name/value rows; anything else (or nothing) → no table.
 */
export function errorDataTable(data: unknown): { columns: string[]; rows: string[][] } | null {
  if (Array.isArray(data)) {
    const records = data.filter(isRecord);
    if (!records.length) return data.length ? { columns: ['Value'], rows: data.map((v) => [text(v)]) } : null;
    const columns = [...new Set(records.flatMap((r) => Object.keys(r)))];
    return { columns, rows: records.map((r) => columns.map((c) => text(r[c]))) };
  }
  if (isRecord(data)) {
    const entries = Object.entries(data);
    return entries.length ? { columns: ['Field', 'Value'], rows: entries.map(([k, v]) => [k, text(v)]) } : null;
  }
  return null;
}
