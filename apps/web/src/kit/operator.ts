/** An operator as staff read it: its title, and its parent's in brackets for a brand ("AlphaBet (Alpha Gaming)"). */
export function operatorName(r: { opTitle?: string | null; parentOpTitle?: string | null; opId?: string | null }): string {
  const title = r.opTitle ?? r.opId;
  if (!title) return '—';
  return r.parentOpTitle ? `${title} (${r.parentOpTitle})` : title;
}
