// The Python TypedDict emitter on the schema shapes the documents use; tests/test_types.py checks its output on real answers.
import { describe, expect, it } from 'vitest';
import { pythonTypes } from '../scripts/python-types.ts';

const documentWith = (data: Record<string, unknown>) => ({
  paths: {
    '/x': {
      get: {
        operationId: 'getX',
        responses: { 200: { content: { 'application/json': { schema: { properties: { data } } } } } },
      },
    },
  },
});

describe('pythonTypes', () => {
  it('splits required and optional keys, names nested objects, maps nullable, enums and arrays', () => {
    const out = pythonTypes(
      documentWith({
        type: 'object',
        properties: {
          pincode: { type: ['string', 'null'] },
          level: { type: 'string', enum: ['office', 'state'] },
          point: { type: 'object', properties: { lat: { type: 'number' } }, required: ['lat'] },
          tags: { type: 'array', items: { type: 'integer' } },
          found: { const: true },
        },
        required: ['pincode', 'level', 'point'],
      }),
      { getX: 'XResult' },
      '/x.json',
    );
    expect(out).toContain('class XResultPoint(TypedDict):\n    lat: float');
    expect(out).toContain(
      'class _XResultRequired(TypedDict):\n    pincode: Optional[str]\n    level: Literal["office", "state"]\n' +
        '    point: XResultPoint',
    );
    expect(out).toContain(
      'class XResult(_XResultRequired, total=False):\n    tags: List[int]\n    found: Literal[True]',
    );
    expect(out).toContain('from typing import List, Literal, Optional, TypedDict\n');
  });

  it('emits an object shape once and reuses its name', () => {
    const point = { type: 'object', properties: { lat: { type: 'number' } }, required: ['lat'] };
    const data = { type: 'object', properties: { from: point, to: point }, required: ['from', 'to'] };
    const out = pythonTypes(documentWith({ type: 'object', properties: { a: data } }), { getX: 'X' }, '/x.json');
    expect(out.match(/lat: float/g)).toHaveLength(1);
    expect(out).toContain('"from": XAFrom, "to": XAFrom');
  });

  it('uses the functional form when a key is a Python keyword', () => {
    const data = { type: 'object', properties: { from: { type: 'string' } }, required: ['from'] };
    expect(pythonTypes(documentWith(data), { getX: 'Range' }, '/x.json')).toContain(
      'Range = TypedDict("Range", {"from": str}, total=False)',
    );
  });

  it('refuses a name map that names an operation the document lacks', () => {
    expect(() => pythonTypes(documentWith({ type: 'string' }), { getY: 'Y' }, '/x.json')).toThrow(/getY/);
  });
});
