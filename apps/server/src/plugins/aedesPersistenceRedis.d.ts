// aedes-persistence-redis ships no type declarations. Only what plugins/cluster.ts uses is declared: the
// factory takes ioredis options or an existing connection (`conn`), and Aedes takes the result as its
// `persistence` (typed `any` in Aedes's own declarations).
declare module 'aedes-persistence-redis' {
  import type { Redis, RedisOptions } from 'ioredis';

  interface AedesPersistenceRedisOptions extends RedisOptions {
    /** Use this connection instead of opening one. */
    conn?: Redis;
    /** Queued messages delivered to a reconnecting persistent session at once (default 1000). */
    maxSessionDelivery?: number;
    /** Seconds a queued offline message is kept; 0 = for ever (the default). */
    packetTTL?: (packet: unknown) => number;
  }

  interface AedesPersistenceRedis {
    setup(broker: unknown): Promise<void>;
    destroy(cb?: () => void): Promise<void> | void;
  }

  export default function aedesPersistenceRedis(opts?: AedesPersistenceRedisOptions): AedesPersistenceRedis;
}
