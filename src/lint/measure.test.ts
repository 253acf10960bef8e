import assert from 'node:assert/strict';
import { it } from 'node:test';
import fc from 'fast-check';
import { measureBody } from './input.js';

/** Lines as an editor counts them: the straightforward string version measureBody must agree with. */
function countLines(text: string): number {
  if (text === '') return 0;
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  return text.endsWith('\n') ? lines - 1 : lines;
}

it('measures a body on its bytes as the decoded string would measure', () => {
  const alphabet = fc.constantFrom('a', ' ', '\n', '\t', 'é', '—', '技', '😀', '\r', '#');
  fc.assert(
    fc.property(
      fc.string({ unit: alphabet, maxLength: 60 }),
      fc.string({ unit: alphabet, maxLength: 10 }),
      (body, head) => {
        const prefix = Buffer.from(`---\n${head}\n---\n`);
        const stats = measureBody(Buffer.concat([prefix, Buffer.from(body)]), prefix.length);
        assert.deepEqual(stats, {
          lines: countLines(body),
          bytes: Buffer.byteLength(body),
          trimmedBytes: Buffer.byteLength(body.trim()),
        });
      },
    ),
    { numRuns: 500 },
  );
});
