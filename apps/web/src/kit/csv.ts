import { isValidElement, type ReactNode } from 'react';
import { EXPORT_MAX_ROWS, MAX_PAGE_SIZE } from '@pitboss/contract/constants';
import type { ListAnswer } from '@pitboss/contract';

/**
 * A component that can say its own text without being rendered (money, status chips): an export
 * reads it, since a component's element holds only its props, not what it renders.
 */
export function withCellText<P>(component: (props: P) => ReactNode, text: (props: P) => string): (props: P) => ReactNode {
  return Object.assign(component, { cellText: text });
}

/**
 * The text of a cell for CSV: the column's `csv` when given, else what `render` returns: plain
 * text, an element's children, a component's own text (`withCellText`), or a chip's label.
 */
export function cellText(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') return String(node);
  if (Array.isArray(node)) return node.map(cellText).join('');
  if (isValidElement(node)) {
    const props = node.props as { children?: ReactNode; label?: ReactNode };
    const own = typeof node.type === 'function' ? (node.type as { cellText?: (p: unknown) => string }).cellText : undefined;
    if (own) return own(props);
    if (props.children === undefined && props.label !== undefined) return cellText(props.label);
    return cellText(props.children);
  }
  return '';
}

export { csvField, toCsv } from '@pitboss/contract/csv';

/** Fetch up to EXPORT_MAX_ROWS rows of a list, page by page with the largest page size. */
export async function fetchForExport<T>(fetcher: (body: Record<string, unknown>) => Promise<ListAnswer<T>>, body: Record<string, unknown>): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | null = null;
  for (let page = 1; out.length < EXPORT_MAX_ROWS; page++) {
    // Each following page by the previous one's keyset cursor (no deep OFFSET), by number when a list has none.
    const res: ListAnswer<T> = await fetcher({ ...body, page, limit: MAX_PAGE_SIZE, ...(cursor ? { cursor } : {}) });
    out.push(...res.items);
    if (!res.remaining) break;
    cursor = res.nextCursor;
  }
  return out.slice(0, EXPORT_MAX_ROWS);
}

export function download(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
