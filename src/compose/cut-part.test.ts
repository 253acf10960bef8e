import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { cutPart } from './cut-part.js';

const bytes = (t: string) => Buffer.byteLength(t);

describe('cutPart', () => {
  const section = (title: string, n: number) => `## ${title}\n\n${'word '.repeat(n).trim()}\n\n`;
  const body = `# Skill\n\n${section('One', 100)}${section('Two', 100)}${section('Three', 100)}`;

  it('keeps a body that fits, whole', () => {
    assert.equal(cutPart(body, bytes(body)), body);
  });

  it('cuts before the last heading within reach, else after a paragraph, else at a line end', () => {
    // Room for "# Skill", section One and a little of Two: cut before "## Two".
    const room = body.indexOf('## Two') + 100;
    assert.equal(cutPart(body, room), body.slice(0, body.indexOf('## Two')).trimEnd());
    const prose = `${'First paragraph line.\n'.repeat(20)}\n${'Second paragraph line.\n'.repeat(20)}`;
    const second = prose.indexOf('Second');
    assert.equal(cutPart(prose, second + 60), prose.slice(0, second).trimEnd());
    // No break within reach: the last line end.
    const lines = 'a line of text\n'.repeat(100);
    assert.equal(cutPart(lines, 200), 'a line of text\n'.repeat(13).trimEnd());
  });

  it('never breaks inside a code fence at a heading-like line, and closes a fence the cut leaves open', () => {
    const code = `# Skill\n\nIntro.\n\n\`\`\`sh\n${'# a comment, not a heading\necho hi\n'.repeat(40)}\`\`\`\n`;
    const part = cutPart(code, 600);
    assert.ok(bytes(part) <= 600);
    assert.ok(part.endsWith('\n```'), part.slice(-40));
    assert.equal((part.match(/^```/gm) ?? []).length, 2);
  });

  it('stays within its bytes and keeps the start of the text (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.constant('## Heading'),
            fc.constant(''),
            fc.constant('```'),
            fc.string({ maxLength: 60 }),
            fc.constant('ünïcødé ✓ 字'),
          ),
          { maxLength: 80 },
        ),
        fc.integer({ min: 0, max: 2000 }),
        (ls, room) => {
          const text = ls.join('\n');
          const part = cutPart(text, room);
          assert.ok(bytes(part) <= Math.max(room, 0) || part === text, `${bytes(part)} > ${room}`);
          const kept = part.endsWith('\n```') && !text.startsWith(part) ? part.slice(0, -4) : part;
          assert.ok(text.startsWith(kept));
        },
      ),
      { numRuns: 500 },
    );
  });
});
