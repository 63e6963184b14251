import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import type { Db } from '../db/index.ts';
import { type AppError, tooMany } from '../http/errors.ts';

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
  /** Gives back one counted hit (an attempt that turned out legitimate); never below zero. */
  release(key: string): Promise<void>;
}

/** A caller-chosen part of a key (a typed user name), kept short: rate_limit.key is varchar(200). */
export const keyPart = (s: string): string => (s.length <= 40 ? s : `#${crypto.createHash('sha256').update(s).digest('base64url')}`);

export interface Limit {
  key: string;
  max: number;
  windowSec: number;
  /** The refusal when the limit is reached (default: the "try again in N seconds" 429). */
  refuse?: (retryAfter: number) => AppError;
}

/**
 * Counts one hit on each limit in turn. At the first refusal it gives back the hits
 * already counted (a refused request uses no budget of the other limits) and throws;
 * otherwise it answers a function that gives them all back.
 */
export async function hitAll(limiter: RateLimiter, limits: Limit[]): Promise<() => Promise<void>> {
  const counted: string[] = [];
  const release = async () => void (await Promise.all(counted.map((key) => limiter.release(key))));
  for (const { key, max, windowSec, refuse = tooMany } of limits) {
    const r = await limiter.hit(key, max, windowSec);
    if (!r.allowed) {
      await release();
      throw refuse(r.retryAfter);
    }
    counted.push(key);
  }
  return release;
}

export function dbRateLimiter(db: Db): RateLimiter {
  const read = async (key: string, windowSec: number) => {
    const row = await db.selectFrom('rate_limit').select(['count', 'window_start']).where('key', '=', key).executeTakeFirst();
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
    async release(key) {
      await db.updateTable('rate_limit').set({ count: sql<number>`count - 1` }).where('key', '=', key).where('count', '>', 0).execute();
    },
  };
}

// DECR on a key that has expired would start a counter at -1 without a TTL: only existing keys above zero.
const RELEASE = `if tonumber(redis.call('get', KEYS[1]) or '0') > 0 then return redis.call('decr', KEYS[1]) end return 0`;

/** prefix: the namespace of the counters (tests use their own, so runs never share counts). */
export function redisRateLimiter(redis: Redis, prefix = 'gh:rl:'): RateLimiter {
  const k = (key: string) => `${prefix}${key}`;
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
    async release(key) {
      await redis.eval(RELEASE, 1, k(key));
    },
  };
}
