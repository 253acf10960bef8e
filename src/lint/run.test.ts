import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { createMemoryFileSystem } from '../files/memory-fs.js';
import { defineRule } from './define-rule.js';
import { lintSkills } from './run.js';

const fs = createMemoryFileSystem({
  lib: {
    alpha: {
      'SKILL.md':
        '---\nname: alpha\ndescription: Use when testing a rule that throws on this skill.\n---\nBody text that is long enough to count as a body.\n\n<!-- skillset-disable body/too-lng -->\n',
    },
    beta: {
      'SKILL.md':
        '---\nname: beta\ndescription: Use when testing the rules that keep running.\n---\nBody text.\n',
    },
  },
});

const throwing = defineRule({
  code: 'local/throws-on-alpha',
  scope: 'skill',
  description: 'throws on alpha, reports beta',
  severity: { spec: 'warning', recommended: 'warning', security: 'off' },
  options: z.object({}),
  messages: { seen: 'seen {name}' },
  check(ctx) {
    if (ctx.skill.name === 'alpha') throw new Error('cannot read property x of undefined');
    ctx.report({ messageId: 'seen', data: { name: ctx.skill.name } });
  },
});

describe('lintSkills', () => {
  it('names a rule that throws, and goes on with the other rules and skills', async () => {
    const r = await lintSkills({ fs, roots: ['/lib'], extraRules: [throwing] });
    const failed = r.diagnostics.filter((d) => d.code === 'lint/rule-failed');
    assert.equal(failed.length, 1);
    assert.equal(failed[0]?.file, '/lib/alpha/SKILL.md');
    assert.match(failed[0]?.message ?? '', /`local\/throws-on-alpha`.*cannot read property x/);
    assert.equal(failed[0]?.severity, 'error');
    // The same rule still ran on the other skill.
    assert.ok(
      r.diagnostics.some(
        (d) => d.code === 'local/throws-on-alpha' && d.file === '/lib/beta/SKILL.md',
      ),
    );
  });

  it('warns about a skillset-disable code that does not exist, with a did-you-mean and its position', async () => {
    const r = await lintSkills({ fs, roots: ['/lib'] });
    const d = r.diagnostics.find((x) => x.code === 'lint/unknown-disable');
    assert.ok(d, JSON.stringify(r.diagnostics.map((x) => x.code)));
    assert.equal(d.file, '/lib/alpha/SKILL.md');
    assert.deepEqual(d.start, { line: 7, column: 6 });
    assert.match(d.message, /did you mean `body\/too-long`/);
  });
});
