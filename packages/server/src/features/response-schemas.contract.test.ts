import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

/**
 * Decision 038: the browser types each JSON answer by the route's response schema and does not parse
 * it again, because the serializer encodes every answer with that schema. That holds only if every
 * route answering JSON declares one; the OpenAPI document is generated from the same declarations.
 */
describe('every JSON route of the API declares its response schema', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('only the file downloads answer a success without a JSON schema', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const paths = response.json<{ paths: Record<string, Record<string, Operation>> }>().paths;
    const withoutJsonSchema: string[] = [];
    let operations = 0;
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        operations += 1;
        const successes = Object.entries(operation.responses ?? {}).filter(([status]) =>
          status.startsWith('2'),
        );
        const declared = successes.some(([, answer]) => answer.content?.['application/json']?.schema);
        if (!declared) withoutJsonSchema.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(operations).toBeGreaterThan(30);
    expect(withoutJsonSchema.sort()).toEqual([
      'GET /api/v1/certificates/{id}/credential.jwt',
      'GET /api/v1/files/{id}',
      'GET /api/v1/user/certificate/{courseId}',
    ]);
  });
});
