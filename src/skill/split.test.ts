import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { splitFrontmatter } from './split.js';

const split = (s: string, start = 0) => {
  const buf = Buffer.from(s);
  const r = splitFrontmatter(buf, start);
  return {
    ...r,
    fm: buf.toString('utf8', r.fmStart, r.fmEnd),
    body: buf.toString('utf8', r.bodyStart),
  };
};

describe('splitFrontmatter', () => {
  it('splits LF front matter from the body', () => {
    const r = split('---\nname: x\n---\n# Body\n');
    assert.equal(r.kind, 'frontmatter');
    assert.equal(r.fm, 'name: x\n');
    assert.equal(r.body, '# Body\n');
    assert.equal(r.bodyLine, 4);
  });

  it('accepts CRLF and lone CR line endings', () => {
    assert.equal(split('---\r\nname: x\r\n---\r\nBody').body, 'Body');
    const cr = split('---\rname: x\r---\rBody');
    assert.equal(cr.body, 'Body');
    assert.equal(cr.bodyLine, 4);
  });

  it('only ends the front matter at a whole `---` line', () => {
    const r = split('---\ndescription: a --- b\nx: "---"\n--- \nBody');
    assert.equal(r.fm, 'description: a --- b\nx: "---"\n');
    assert.equal(r.body, 'Body');
  });

  it('skips a BOM when told where the content starts', () => {
    assert.equal(split('\uFEFF---\nname: x\n---\nB', 3).body, 'B');
  });

  it('reports an unclosed front matter, a missing one and a foreign fence', () => {
    assert.equal(split('---\nname: x\n').kind, 'open');
    assert.equal(split('# Title\n---\n').kind, 'none');
    assert.equal(split('').kind, 'none');
    const fence = split('---js\nmodule.exports = {}\n---\n');
    assert.equal(fence.kind, 'fence');
    assert.equal(fence.fence, 'js');
  });

  it('handles an empty front matter and a file that ends at the closing line', () => {
    const r = split('---\n---');
    assert.equal(r.kind, 'frontmatter');
    assert.equal(r.fm, '');
    assert.equal(r.body, '');
  });
});
