import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderAlreadyLoaded, renderLoadResult } from './load-result.js';

describe('renderLoadResult', () => {
  it('wraps the body as the client guide does, with the folder and the files listed, not read', () => {
    const text = renderLoadResult({
      name: 'pdf-processing',
      body: '# PDF Processing\n\nUse the script.\n\n',
      dir: '/home/u/.agents/skills/pdf-processing',
      resources: ['references/spec.md', 'scripts/extract.py'],
    });
    assert.equal(
      text,
      [
        '<skill_content name="pdf-processing">',
        '# PDF Processing',
        '',
        'Use the script.',
        '',
        'Skill directory: /home/u/.agents/skills/pdf-processing',
        'Relative paths in this skill are relative to the skill directory.',
        '',
        '<skill_resources>',
        '  <file>references/spec.md</file>',
        '  <file>scripts/extract.py</file>',
        '</skill_resources>',
        '</skill_content>',
      ].join('\n'),
    );
  });

  it("offers seed 004's `<skill name>` form, imports as their own sections, and says when files were left out", () => {
    const text = renderLoadResult(
      {
        name: 'a&b',
        body: 'Body.',
        dir: '/s/a',
        imports: [{ spec: 'shared/x.md', text: 'Shared.\n' }],
        resources: ['f<1>.md'],
        moreResources: 3,
      },
      'skill',
    );
    assert.equal(
      text,
      [
        '<skill name="a&amp;b">',
        'Body.',
        '',
        '<skill_import path="shared/x.md">',
        'Shared.',
        '</skill_import>',
        '',
        'Skill directory: /s/a',
        'Relative paths in this skill are relative to the skill directory.',
        '',
        '<skill_resources>',
        '  <file>f&lt;1&gt;.md</file>',
        '  <!-- 3 more files not listed -->',
        '</skill_resources>',
        '</skill>',
      ].join('\n'),
    );
  });

  it('says what the load limit left out, and how to read it, before the folder line', () => {
    const text = renderLoadResult({
      name: 'tree',
      body: 'Body.',
      dir: '/s/tree',
      imports: [{ spec: 'a.md', text: 'aaa' }],
      cut: {
        maxBytes: 100_000,
        maxImports: 100,
        imports: [
          {
            spec: 'a.md',
            path: 'a.md',
            from: 'SKILL.md',
            line: 5,
            reason: 'bytes',
            kept: 3,
            size: 9000,
          },
          { spec: 'b.md', path: 'b.md', from: 'a.md', line: 2, reason: 'bytes', size: 500_000 },
          { spec: 'c.md', from: 'a.md', line: 3, reason: 'files' },
          {
            spec: 'shared/d.md',
            path: 'shared/d.md',
            outside: true,
            from: 'SKILL.md',
            line: 6,
            reason: 'lines',
          },
        ],
        more: 1234,
      },
    });
    assert.equal(
      text.slice(text.indexOf('<skill_load_limit>'), text.indexOf('Skill directory:')),
      [
        '<skill_load_limit>',
        'This load reached its limits (100,000 bytes of body and imports, 100 imported files). Left out:',
        '- a.md (@import in SKILL.md, line 5): cut after 3 of 9,000 bytes',
        '- b.md (@import in a.md, line 2): not read (500,000 bytes): the byte limit is reached',
        '- c.md (@import in a.md, line 3): not followed: 100 files imported already',
        '- shared/d.md (outside the skill folder) (@import in SKILL.md, line 6): not followed: too many @import lines examined already',
        '- and 1,234 more @import lines, not followed',
        'Read what was left out with read_skill_file (skill "tree", the path as listed), the part you need when you need it.',
        '</skill_load_limit>',
        '',
        '',
      ].join('\n'),
    );
  });

  it('gives no resources block for a skill with no other files', () => {
    assert.doesNotMatch(renderLoadResult({ name: 'x', body: 'B', dir: '/x' }), /skill_resources/);
  });

  it('names the skill and its content in the already-loaded note', () => {
    assert.match(
      renderAlreadyLoaded('review', 'abcdef0123456789'),
      /"review" is already loaded.*abcdef012345\)/,
    );
  });
});
