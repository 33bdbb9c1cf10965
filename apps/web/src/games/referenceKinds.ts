/** The four reference lists of the games catalogue (categories, tags, jurisdictions, original providers): their calls and words. */
import type { GameRefView, JurisdictionView, OriginalProviderView } from '@pitboss/contract';

export type Row = GameRefView | JurisdictionView | OriginalProviderView;
export type Kind = 'category' | 'tag' | 'jurisdiction' | 'provider';

interface KindConfig {
  label: string;
  list: 'games.categoriesList' | 'games.tagsList' | 'games.jurisdictionsList' | 'games.providersList';
  /** The call that adds an item, and the one that changes it (the same for all but providers). */
  create: 'games.categorySave' | 'games.tagSave' | 'games.jurisdictionSave' | 'games.providerCreate';
  update: 'games.categorySave' | 'games.tagSave' | 'games.jurisdictionSave' | 'games.providerUpdate';
  remove: 'games.categoryDelete' | 'games.tagDelete' | 'games.jurisdictionDelete' | 'games.providerDelete';
  key: 'slug' | 'code';
  keyLabel: 'Slug' | 'Code';
  /** The per-language text's field and its label. */
  nameField: 'title' | 'displayName';
  nameLabel: 'Title' | 'Display name';
  newText: string;
  editText: string;
}

/** One configuration per route: its list, save and delete calls and its words. */
export const KINDS: Record<Kind, KindConfig> = {
  category: {
    label: 'Game Categories', list: 'games.categoriesList', create: 'games.categorySave', update: 'games.categorySave', remove: 'games.categoryDelete',
    key: 'slug', keyLabel: 'Slug', nameField: 'title', nameLabel: 'Title', newText: 'New Game Category', editText: 'Edit Game Category',
  },
  tag: {
    label: 'Game Tags', list: 'games.tagsList', create: 'games.tagSave', update: 'games.tagSave', remove: 'games.tagDelete',
    key: 'slug', keyLabel: 'Slug', nameField: 'title', nameLabel: 'Title', newText: 'New Game Tag', editText: 'Edit Game Tag',
  },
  jurisdiction: {
    label: 'Jurisdictions', list: 'games.jurisdictionsList', create: 'games.jurisdictionSave', update: 'games.jurisdictionSave', remove: 'games.jurisdictionDelete',
    key: 'code', keyLabel: 'Code', nameField: 'title', nameLabel: 'Title', newText: 'New Jurisdiction', editText: 'Edit Jurisdiction',
  },
  provider: {
    label: 'Original Providers', list: 'games.providersList', create: 'games.providerCreate', update: 'games.providerUpdate', remove: 'games.providerDelete',
    key: 'slug', keyLabel: 'Slug', nameField: 'displayName', nameLabel: 'Display name', newText: 'New Original Provider', editText: 'Edit Original Provider',
  },
};
export const kindOf = (pathname: string): Kind =>
  (pathname.includes('categories') ? 'category' : pathname.includes('tags') ? 'tag' : pathname.includes('jurisdictions') ? 'jurisdiction' : 'provider');

export const keyOf = (r: Row): string => ('code' in r ? r.code : r.slug);
export const titleOf = (r: Row): Record<string, string> => ('displayName' in r ? r.displayName : r.title);

