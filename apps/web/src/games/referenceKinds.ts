/** The four reference lists of the games catalogue (categories, tags, jurisdictions, original providers): their calls and words. */
import type { GameRefView, JurisdictionView, OriginalProviderView } from '@pitboss/contract';

export type Row = GameRefView | JurisdictionView | OriginalProviderView;
export type Kind = 'category' | 'tag' | 'jurisdiction' | 'provider';

/** One configuration per route: its list, save and delete calls and its words. */
export const KINDS: Record<Kind, { label: string; list: 'games.categoriesList' | 'games.tagsList' | 'games.jurisdictionsList' | 'games.providersList'; key: 'slug' | 'code'; newText: string; editText: string }> = {
  category: { label: 'Game Categories', list: 'games.categoriesList', key: 'slug', newText: 'New Game Category', editText: 'Edit Game Category' },
  tag: { label: 'Game Tags', list: 'games.tagsList', key: 'slug', newText: 'New Game Tag', editText: 'Edit Game Tag' },
  jurisdiction: { label: 'Jurisdictions', list: 'games.jurisdictionsList', key: 'code', newText: 'New Jurisdiction', editText: 'Edit Jurisdiction' },
  provider: { label: 'Original Providers', list: 'games.providersList', key: 'slug', newText: 'New Original Provider', editText: 'Edit Original Provider' },
};
export const kindOf = (pathname: string): Kind =>
  (pathname.includes('categories') ? 'category' : pathname.includes('tags') ? 'tag' : pathname.includes('jurisdictions') ? 'jurisdiction' : 'provider');

export const keyOf = (r: Row): string => ('code' in r ? r.code : r.slug);
export const titleOf = (r: Row): Record<string, string> => ('displayName' in r ? r.displayName : r.title);

