/** An operator as staff read it: its title, and its parent's in brackets for a brand ("AlphaBet (Alpha Gaming)"). */
export function operatorName(r: { opTitle?: string | null; parentOpTitle?: string | null; opId?: string | null }): string {
  const title = r.opTitle ?? r.opId;
  if (!title) return '—';
  return r.parentOpTitle ? `${title} (${r.parentOpTitle})` : title;
}

/**
 * An operator of the session's list by name (`operatorName`), its parent's title looked up in the
 * same list: the operator pickers and choices of the console.
 */
export function namesOfOperators(operators: readonly { opId: string; title: string; parentOpId: string | null }[]): (o: { title: string; parentOpId: string | null }) => string {
  const titleOf = new Map(operators.map((o) => [o.opId, o.title]));
  return (o) => operatorName({ opTitle: o.title, parentOpTitle: o.parentOpId ? titleOf.get(o.parentOpId) ?? null : null });
}
