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
