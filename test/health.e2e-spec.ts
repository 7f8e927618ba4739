import { RedisConnections } from '../src/redis/redis-connections';
import { startTestApp, TestApp } from './support/test-app';

describe('health', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp();
  });

  afterAll(() => testApp?.close());

  it('reports live and ready with one indicator per dependency, then 503 naming the database when it is gone', async () => {
    expect((await testApp.request('GET', '/health/live')).status).toBe(200);
    const ready = await testApp.request('GET', '/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ok', info: { database: { status: 'up' }, storage: { status: 'up' } } });

    await testApp.dataSource.destroy();
    const down = await testApp.request('GET', '/health/ready');
    expect(down.status).toBe(503);
    expect(down.body.error).toHaveProperty('database.status', 'down');
    expect((await testApp.request('GET', '/health/live')).status).toBe(200);
    await testApp.dataSource.initialize();
  });

  it('pings both Redis connections of the RedisModule when Redis is configured, and none otherwise', async () => {
    const redis = testApp.get(RedisConnections);
    const ready = await testApp.request('GET', '/health/ready');
    if (!testApp.config.redisUrl) {
      expect(redis.client).toBeNull();
      expect(ready.body.info).not.toHaveProperty('redis');
      return;
    }
    expect(ready.body.info).toHaveProperty('redis.status', 'up');
    // The subscriber connection matters too (the change feed and single flight listen on it).
    redis.subscriber!.disconnect();
    const down = await testApp.request('GET', '/health/ready');
    expect(down.status).toBe(503);
    expect(down.body.error).toHaveProperty('redis.status', 'down');
    await redis.subscriber!.connect();
    expect((await testApp.request('GET', '/health/ready')).status).toBe(200);
  });
});
