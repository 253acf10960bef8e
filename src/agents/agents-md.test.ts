import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderAvailableSkills } from '../render/available-skills.js';
import {
  AGENTS_MD_END,
  AGENTS_MD_START,
  agentsMdSizeWarning,
  lineBreakOf,
  renderAgentsBlock,
  spliceAgentsMd,
} from './agents-md.js';

const skills = [{ name: 'a&b', description: 'Does <x>.\nTwo lines.', path: 'skills/a/SKILL.md' }];
const block = (eol: '\n' | '\r\n') => renderAgentsBlock(skills, eol);

function spliced(existing: string | undefined): string {
  const r = spliceAgentsMd(existing === undefined ? undefined : Buffer.from(existing), block);
  assert.ok(r.ok);
  return r.bytes.toString('utf8');
}

describe('renderAgentsBlock', () => {
  it('holds the <available_skills> block byte for byte as renderAvailableSkills prints it', () => {
    const text = block('\n');
    assert.ok(text.startsWith(AGENTS_MD_START));
    assert.ok(text.endsWith(AGENTS_MD_END));
    assert.ok(text.includes(`\n${renderAvailableSkills(skills)}\n${AGENTS_MD_END}`));
  });

  it('ends every line with CRLF for a CRLF file, the lines inside descriptions too', () => {
    const text = block('\r\n');
    assert.equal(text.replace(/\r\n/g, ''), text.replace(/\r?\n/g, ''));
    assert.ok(!/[^\r]\n/.test(text));
  });
});

describe('spliceAgentsMd', () => {
  it('makes the file from the block alone when there is none', () => {
    assert.equal(spliced(undefined), `${block('\n')}\n`);
    assert.equal(spliced(''), `${block('\n')}\n`);
  });

  it('appends after a blank line when the file has no markers, keeping every byte before it', () => {
    assert.equal(spliced('# Project\n\nRules.\n'), `# Project\n\nRules.\n\n${block('\n')}\n`);
    assert.equal(spliced('# Project'), `# Project\n\n${block('\n')}\n`);
    assert.equal(spliced('# Project\n\n'), `# Project\n\n${block('\n')}\n`);
  });

  it('keeps CRLF content byte for byte and writes the block with CRLF', () => {
    const before = '# Project\r\n\r\nUse tabs.\r\n';
    const out = spliced(before);
    assert.ok(out.startsWith(before));
    assert.equal(out, `${before}\r\n${block('\r\n')}\r\n`);
  });

  it('replaces only what is between the markers, content after the block included', () => {
    const before = '# Project\r\nIntro \u00e9\r\n';
    const after = '\r\n## After\r\nkeep  me\t\r\nno final newline';
    const file = `${before}${AGENTS_MD_START} old -->\r\nstale\r\n${AGENTS_MD_END}${after}`;
    const out = spliced(file);
    assert.equal(out, `${before}${block('\r\n')}${after}`);
    assert.equal(spliced(out), out);
  });

  it('keeps bytes that are not UTF-8 outside the markers', () => {
    const existing = Buffer.concat([
      Buffer.from([0xff, 0xfe, 0x0a]),
      Buffer.from(`${AGENTS_MD_START} -->\n${AGENTS_MD_END}\n`),
      Buffer.from([0x80, 0x0a]),
    ]);
    const r = spliceAgentsMd(existing, block);
    assert.ok(r.ok);
    assert.deepEqual(r.bytes.subarray(0, 3), Buffer.from([0xff, 0xfe, 0x0a]));
    assert.deepEqual(r.bytes.subarray(-2), Buffer.from([0x80, 0x0a]));
    assert.equal(r.outside, 6);
  });

  it('ignores a marker that does not start a line (one quoted in prose)', () => {
    const file = `Markers look like \`${AGENTS_MD_START} -->\`.\n`;
    assert.equal(spliced(file), `${file}\n${block('\n')}\n`);
  });

  it('refuses a start marker without an end, two blocks, or an end before the start', () => {
    for (const file of [
      `${AGENTS_MD_START} -->\n`,
      `${AGENTS_MD_START} -->\n${AGENTS_MD_END}\n${AGENTS_MD_START} -->\n${AGENTS_MD_END}\n`,
      `${AGENTS_MD_END}\n${AGENTS_MD_START} -->\n`,
    ]) {
      const r = spliceAgentsMd(Buffer.from(file), block);
      assert.equal(r.ok, false, file);
    }
  });
});

describe('lineBreakOf', () => {
  it('reads the first line break', () => {
    assert.equal(lineBreakOf(Buffer.from('a\r\nb\n')), '\r\n');
    assert.equal(lineBreakOf(Buffer.from('a\nb\r\n')), '\n');
    assert.equal(lineBreakOf(Buffer.from('a')), '\n');
  });
});

describe('agentsMdSizeWarning', () => {
  it('says nothing at 32 KiB and says the block pushes the file past it above', () => {
    assert.equal(agentsMdSizeWarning(32768, 100, 32768), undefined);
    const w = agentsMdSizeWarning(32769, 100, 32768);
    assert.match(
      w ?? '',
      /32,769 bytes, over the 32,768 .*project_doc_max_bytes.*the skills block \(32,669 bytes\) pushes it past/,
    );
  });

  it('says when the file was already over without the block', () => {
    assert.match(
      agentsMdSizeWarning(40000, 33000, 32768) ?? '',
      /already 33,000 bytes without the skills block/,
    );
  });
});
