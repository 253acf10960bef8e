import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { MAX_ENUM_CHARS } from '../render/load-tool.js';
import { loadSchema } from './tools.js';

const refused = new Map([['release', 'has `disable-model-invocation: true`']]);

describe('loadSchema', () => {
  const few = ['review-pr', 'write-tests'];
  const many = Array.from({ length: 200 }, (_, i) => `skill-number-${i}`);
  assert.ok(JSON.stringify(many).length > MAX_ENUM_CHARS);

  it('lists the names as an enum while its JSON fits MAX_ENUM_CHARS, and not past it', () => {
    const schema = z.toJSONSchema(loadSchema(few, refused)) as unknown as {
      properties: { name: { enum?: string[] } };
    };
    assert.deepEqual(schema.properties.name.enum, few);
    const fit = many.slice(
      0,
      many.findIndex((_, i) => JSON.stringify(many.slice(0, i + 1)).length > MAX_ENUM_CHARS),
    );
    const edge = z.toJSONSchema(loadSchema(fit, refused)) as unknown as {
      properties: { name: { enum?: string[] } };
    };
    assert.equal(edge.properties.name.enum?.length, fit.length);
    const big = JSON.stringify(z.toJSONSchema(loadSchema(many, refused)));
    assert.ok(big.length < 300, `${big.length} characters`);
  });

  for (const [label, names] of [
    ['enum', few],
    ['string', many],
  ] as const)
    it(`answers the same way either way (${label})`, () => {
      const s = loadSchema(names, refused);
      const message = (v: unknown) => {
        const r = s.safeParse(v);
        return r.success ? 'ok' : r.error.issues.map((i) => i.message).join('; ');
      };
      assert.equal(message({ name: names[1] }), 'ok');
      assert.equal(message({}), 'name is required: the skill to load');
      assert.match(message({ name: 'release' }), /`release` may not be loaded by the model/);
      assert.match(message({ name: `${names[1]}x` }), /did you mean/);
    });
});
