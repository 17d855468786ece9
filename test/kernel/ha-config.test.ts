import { expect, test } from 'bun:test';
import { loadConfig } from '../../core/config';

test('REDIS_SENTINELS: host:port entries (26379 when left out) with REDIS_SENTINEL_NAME; REDIS_URL then only gives the password and database', () => {
  const config = loadConfig({ REDIS_SENTINELS: '10.0.0.1:26380, sentinel-b ,[::1]:26381', REDIS_SENTINEL_NAME: 'mymaster', REDIS_SENTINEL_PASSWORD: 's3cret' });
  expect(config.redisSentinels).toEqual({
    hosts: [
      { host: '10.0.0.1', port: 26380 },
      { host: 'sentinel-b', port: 26379 },
      { host: '::1', port: 26381 },
    ],
    name: 'mymaster',
    password: 's3cret',
  });
  expect(config.redisUrl).toBe('redis://');
  expect(loadConfig({ REDIS_SENTINELS: 'a:1', REDIS_SENTINEL_NAME: 'm', REDIS_URL: 'redis://:pw@x/2' }).redisUrl).toBe('redis://:pw@x/2');
  expect(loadConfig({}).redisSentinels).toBeUndefined();
});

test('REDIS_SENTINELS without a name, or with a port that is no port, is refused by name', () => {
  expect(() => loadConfig({ REDIS_SENTINELS: 'a:26379' })).toThrow('REDIS_SENTINELS needs REDIS_SENTINEL_NAME');
  expect(() => loadConfig({ REDIS_SENTINELS: 'a:99999', REDIS_SENTINEL_NAME: 'm' })).toThrow('REDIS_SENTINELS must be host:port entries');
  expect(() => loadConfig({ REDIS_SENTINELS: 'a:0', REDIS_SENTINEL_NAME: 'm' })).toThrow('REDIS_SENTINELS must be host:port entries');
});

test('DATABASE_REPLICA_URL beside DATABASE_URL; alone it is refused (the embedded database has no replica); DATABASE_PGBOUNCER', () => {
  const config = loadConfig({ DATABASE_URL: 'postgres://a/db', DATABASE_REPLICA_URL: 'postgres://b/db', DATABASE_PGBOUNCER: 'true' });
  expect(config).toMatchObject({ databaseReplicaUrl: 'postgres://b/db', databasePgbouncer: true });
  expect(loadConfig({}).databasePgbouncer).toBe(false);
  expect(() => loadConfig({ DATABASE_REPLICA_URL: 'postgres://b/db' })).toThrow('DATABASE_REPLICA_URL needs DATABASE_URL');
});
