import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requestArb, type OperationCase } from './openapi-inputs.js';

/** The generator of bad input itself (docs/testing.md#generated-inputs): it must never throw while building a request. */
describe('generated requests', () => {
  it('build a body with a map of names (translations) from any key, even one of the wrong type', () => {
    const translations: OperationCase = {
      method: 'patch',
      path: '/api/things/{id}',
      operation: {
        parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'integer' } }],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  names: {
                    type: 'object',
                    propertyNames: { type: 'string', enum: ['nl', 'en', 'fr', 'de', 'es'] },
                    additionalProperties: { type: 'string', maxLength: 80 },
                  },
                },
              },
            },
          },
        },
      },
    };
    const arbitrary = requestArb(translations, { origin: 'http://127.0.0.1' });
    // 10,000 requests: without `asPropertyName`, one of these seeds (fast-check's are deterministic)
    // threw "Cannot convert object to primitive value" while building its request.
    for (let seed = 0; seed < 200; seed++) {
      const requests = fc.sample(arbitrary, { numRuns: 50, seed });
      for (const request of requests) expect(request.url).toMatch(/^\/api\/things\//);
    }
  });
});
