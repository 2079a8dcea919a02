import { Redis } from '@hocuspocus/extension-redis';
import IORedis from 'ioredis';
import type { AppContext } from '../../context';

/**
 * Hocuspocus's Redis extension without its store lock: that lock is taken with no retry and, when Redis is
 * away or another process holds it, skips the store, so a document unloaded during an outage would lose its
 * last edits. Ours is the document's row lock in PostgreSQL, under which each store merges what the other
 * processes stored (see LiveDocuments), so any process may store at any time.
 */
class RedisRelay extends Redis {
  override async onStoreDocument(): Promise<void> {}
}

/**
 * Live documents kept the same on every process through Redis pub/sub (REDIS_URL) instead of PostgreSQL
 * LISTEN/NOTIFY: updates, awareness and the first sync of a document another process has open.
 */
export function redisRelay(ctx: AppContext, url: string): Redis {
  const client = () => {
    // While Redis is away commands wait for it (ioredis reconnects) instead of failing: a failed first
    // subscription would leave the extension unable to open any document until a restart.
    const redis = new IORedis(url, { maxRetriesPerRequest: null });
    // Said once when it goes away and once when it is back, not at every retry.
    let away = false;
    redis.on('error', (err: Error) => {
      if (!away) ctx.log.warn({ err: err.message }, 'live document relay: Redis unreachable');
      away = true;
    });
    redis.on('ready', () => {
      if (away) ctx.log.info('live document relay: Redis reachable again');
      away = false;
    });
    return redis;
  };
  return new RedisRelay({ createClient: client, prefix: 'yumi:collab' });
}
