import { MENUS } from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { PAGES } from './pages.ts';

describe('page entries', () => {
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
      const own = MENUS.find((m) => m.path !== '/' && fullPath(m.key) === p.path);
      if (own && typeof p.access === 'object') expect(p.access.menus, p.path).toContain(own.key);
    }
  });
});

/** The browser path of a menu: its parent's path and its own. */
function fullPath(key: string): string {
  const m = MENUS.find((x) => x.key === key);
  if (!m) return '';
  const parent = MENUS.find((x) => x.id === m.parentId);
  return parent ? `${parent.path}${m.path}` : m.path;
}
