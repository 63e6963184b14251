import { ROUTES } from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { LISTED_MODULES, routeAccess } from './pageAccess.ts';
import { PAGES } from './pages.ts';

const tableAccess = (name: string) => {
  const [module, call] = name.split('.') as [string, string];
  return (ROUTES as Record<string, Record<string, { access: unknown } | undefined>>)[module]?.[call]?.access;
};

describe('the access of the pages (read from the route table)', () => {
  it('takes each module from the route table under its own name', () => {
    for (const [module, table] of Object.entries(LISTED_MODULES)) expect(table, module).toBe((ROUTES as Record<string, unknown>)[module]);
  });

  it('is what every page carries: the access of the route it lists', () => {
    for (const p of PAGES) {
      expect(tableAccess(p.listed), p.listed).toBeDefined();
      expect(p.access, p.path).toEqual(tableAccess(p.listed));
      expect(routeAccess(p.listed)).toBe(p.access);
    }
  });
});
