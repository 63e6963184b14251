import { LIMITS, reqStr, ROUTES } from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { maxLengthOf } from './maxLengthOf.ts';

describe('maxLengthOf (list filter bounds from the route input schemas)', () => {
  it('reads an optional filter through its preprocess and optional wrappers', () => {
    const input = ROUTES.account.searchAccounts.input.shape;
    expect(maxLengthOf(input.name)).toBe(LIMITS.userName);
    expect(maxLengthOf(input.addressStrs)).toBe(LIMITS.address);
  });

  it('reads a required text field', () => {
    expect(maxLengthOf(reqStr('f.name', 42))).toBe(42);
  });

  it('answers undefined for text without a maximum, numbers and absent fields', () => {
    expect(maxLengthOf(z.string().optional())).toBeUndefined();
    expect(maxLengthOf(ROUTES.account.searchAccounts.input.shape.roleID)).toBeUndefined();
    expect(maxLengthOf(undefined)).toBeUndefined();
  });
});
