import { Redis } from 'ioredis';

export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Deletes every key under `prefix`: all queues a test created, whatever their names (BullMQ's obliterate is per
 * queue), and whatever else the app keyed by JOB_QUEUE_PREFIX (e.g. rate-limit counters).
 */
export async function obliterateRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(testRedisUrl);
  try {
    for (const pattern of [`${prefix}:*`, `${prefix}-*`]) {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
        if (keys.length > 0) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    }
  } finally {
    redis.disconnect();
  }
}
