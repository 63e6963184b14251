/** The rate-limit stores a throttle test runs on: the database always, Redis too when TEST_REDIS_URL names one. */
export const LIMITER_BACKENDS: { name: string; redisUrl?: string }[] = [
  { name: 'database' },
  ...(process.env.TEST_REDIS_URL ? [{ name: 'redis', redisUrl: process.env.TEST_REDIS_URL }] : []),
];
