import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  openSecondInstance,
  type SecondInstance,
  type TestApp,
  logCapture,
} from './test/test-app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids', () => {
  let t: TestApp;
  let second: SecondInstance;
  const { stream, lines } = logCapture();
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
    second = await openSecondInstance(t);
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('are random, so two instances never hand out the same one, and the client is told it', async () => {
    const ids = new Set<string>();
    for (const app of [t.app, second.app, t.app, second.app]) {
      const response = await app.inject({ method: 'GET', url: '/api/v1/health' });
      const id = response.headers['x-request-id'];
      expect(id).toMatch(UUID);
      ids.add(id as string);
    }
    expect(ids.size).toBe(4);
  });

  it('names the log line of the same request', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-route' });
    expect(response.statusCode).toBe(404);
    const id = response.headers['x-request-id'] as string;
    expect(id).toMatch(UUID);
    const refused = lines.map((line) => JSON.parse(line) as { reqId?: string; msg: string });
    expect(refused.some((line) => line.reqId === id && line.msg === 'request refused')).toBe(true);
  });

  it('is sent with errors found while routing, before any hook', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/course/%zz' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['x-request-id']).toMatch(UUID);
  });

  it("never takes the client's own X-Request-Id (it would forge or collide with others' ids)", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': 'req-1', 'request-id': 'req-1' },
    });
    expect(response.headers['x-request-id']).toMatch(UUID);
  });
});
