import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { dbRateLimiter, type RateLimiter, redisRateLimiter } from '../sms/rate-limit.ts';

/** Runs `fn` with the server's rate limiter: Redis with REDIS_URL (as boot.ts opens it), else the database's. */
export async function withLimiter<T>(config: Config, db: Db, fn: (limiter: RateLimiter) => Promise<T>): Promise<T> {
  if (!config.REDIS_URL) return fn(dbRateLimiter(db));
  const redis = new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await redis.connect();
  try {
    return await fn(redisRateLimiter(redis));
  } finally {
    await redis.quit();
  }
}
