import { describe, expect, it } from 'vitest';
import { escapeLike, likeArg, likePrefix, pgCode } from './sql.ts';

describe('LIKE patterns', () => {
  it('takes %, _ and \\ literally', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
    expect(likeArg(' 5%a ')).toBe('%5\\%a%');
    expect(likePrefix('13_9')).toBe('13\\_9%');
  });

  it('reads the error code of a database error', () => {
    expect(pgCode(Object.assign(new Error('x'), { code: '23505' }))).toBe('23505');
    expect(pgCode(new Error('x'))).toBeUndefined();
    expect(pgCode(null)).toBeUndefined();
  });
});
