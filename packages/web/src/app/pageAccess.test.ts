import { ROUTES } from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { PAGE_ROUTE_ACCESS } from './pageAccess.ts';
import { PAGES } from './pages.ts';

const routeAccess = (name: string) => {
  const [module, call] = name.split('.') as [string, string];
  return (ROUTES as Record<string, Record<string, { access: unknown } | undefined>>)[module]?.[call]?.access;
};

describe('the access of the pages (copied from the route table for the first screen)', () => {
  it('equals the access of each route in the route table', () => {
    for (const [name, access] of Object.entries(PAGE_ROUTE_ACCESS)) expect(access, name).toEqual(routeAccess(name));
  });

  it('is what every page carries', () => {
    for (const p of PAGES) expect(p.access, p.path).toEqual(routeAccess(p.listed));
  });
});
