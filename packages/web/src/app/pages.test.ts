import { LEAF_MENUS, menuFullPath } from '@gatehouse/contracts';
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAGES } from './pages.ts';

describe('pages', () => {
  it('has a page for every menu leaf (no menu item leads to a 404)', () => {
    const missing = LEAF_MENUS.map(menuFullPath).filter((path) => !PAGES.some((p) => matchPath(p.path, path)));
    expect(missing).toEqual([]);
  });
});
