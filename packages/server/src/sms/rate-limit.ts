import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import type { Db } from '../db/index.ts';

export interface LimitResult {
  allowed: boolean;
  /** Seconds until the window resets. */
  retryAfter: number;
}

/**
 * Fixed-window counters shared by every server instance: in the database by
 * default, in Redis when REDIS_URL is set.
 */
export interface RateLimiter {
  /** Counts one hit and answers whether it stays within max per windowSec. */
  hit(key: string, max: number, windowSec: number): Promise<LimitResult>;
  /** Answers whether the counter is already at max, without counting. */
  peek(key: string, max: number, windowSec: number): Promise<LimitResult>;
  reset(key: string): Promise<void>;
}

export function dbRateLimiter(db: Db): RateLimiter {
  const read = async (key: string, windowSec: number) => {
    const row = await db
      .selectFrom('rate_limit')
      .select(['count', 'window_start'])
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) return { count: 0, left: windowSec };
    const age = (Date.now() - new Date(row.window_start).getTime()) / 1000;
    return age >= windowSec ? { count: 0, left: windowSec } : { count: row.count, left: Math.ceil(windowSec - age) };
  };
  return {
    async hit(key, max, windowSec) {
      const row = await db
        .insertInto('rate_limit')
        .values({ key, window_start: sql<Date>`now()`, count: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when rate_limit.window_start < now() - make_interval(secs => ${windowSec}) then 1 else rate_limit.count + 1 end`,
            window_start: sql<Date>`case when rate_limit.window_start < now() - make_interval(secs => ${windowSec}) then now() else rate_limit.window_start end`,
          }),
        )
        .returning(['count', 'window_start'])
        .executeTakeFirstOrThrow();
      const age = (Date.now() - new Date(row.window_start).getTime()) / 1000;
      return { allowed: row.count <= max, retryAfter: Math.max(1, Math.ceil(windowSec - age)) };
    },
    async peek(key, max, windowSec) {
      const { count, left } = await read(key, windowSec);
      return { allowed: count < max, retryAfter: Math.max(1, left) };
    },
    async reset(key) {
      await db.deleteFrom('rate_limit').where('key', '=', key).execute();
    },
  };
}

export function redisRateLimiter(redis: Redis): RateLimiter {
  const k = (key: string) => `gh:rl:${key}`;
  return {
    async hit(key, max, windowSec) {
      const res = await redis.multi().incr(k(key)).expire(k(key), windowSec, 'NX').ttl(k(key)).exec();
      const count = Number(res?.[0]?.[1] ?? 0);
      const ttl = Number(res?.[2]?.[1] ?? windowSec);
      return { allowed: count <= max, retryAfter: Math.max(1, ttl) };
    },
    async peek(key, max, windowSec) {
      const [count, ttl] = await Promise.all([redis.get(k(key)), redis.ttl(k(key))]);
      return { allowed: Number(count ?? 0) < max, retryAfter: Math.max(1, ttl > 0 ? ttl : windowSec) };
    },
    async reset(key) {
      await redis.del(k(key));
    },
  };
}
