import { LEAF_MENUS, MENUS, menuFullPath } from '@gatehouse/contracts';
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAGES } from './pages.ts';

describe('page entries', () => {
  it('has a page for every menu leaf (no menu item leads to a 404)', () => {
    const missing = LEAF_MENUS.map(menuFullPath).filter((path) => !PAGES.some((p) => matchPath(p.path, path)));
    expect(missing).toEqual([]);
  });

  it('each page names the menus that open it, all of them menus of the tree', () => {
    const keys = new Set(MENUS.map((m) => m.key));
    for (const p of PAGES) {
      expect(p.access, p.path).not.toBe('public');
      const menus = typeof p.access === 'object' ? p.access.menus : [];
      expect(menus.length, p.path).toBeGreaterThan(0);
      for (const m of menus) expect(keys.has(m), `${p.path}: ${m}`).toBe(true);
    }
  });

  it('a menu page is opened by its own menu', () => {
    for (const p of PAGES) {
      const own = MENUS.find((m) => m.path !== '/' && menuFullPath(m) === p.path);
      if (own && typeof p.access === 'object') expect(p.access.menus, p.path).toContain(own.key);
    }
  });
});
