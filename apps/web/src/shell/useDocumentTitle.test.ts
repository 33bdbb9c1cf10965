import { describe, expect, it } from 'vitest';
import { tabTitle } from './useDocumentTitle';

describe('tabTitle', () => {
  it('the page title, then the product', () => {
    expect(tabTitle('Players')).toBe('Players · Pitboss');
    expect(tabTitle('Pitboss')).toBe('Pitboss');
    expect(tabTitle(undefined)).toBe('Pitboss');
  });
});
