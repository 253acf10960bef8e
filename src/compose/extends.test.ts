// `extends` and `prerequisites`: merge by section, unioned triggers, child scalars, depth, cycles.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SkillFrontmatter } from '../skill/types.js';
import { type ComposableSkill, composeExtends } from './extends.js';
import { orderPrerequisites } from './prerequisites.js';
import { mergeSections, splitSections } from './sections.js';

const fm = (f: Partial<SkillFrontmatter>): SkillFrontmatter => ({ extra: {}, ...f });
const skill = (name: string, f: Partial<SkillFrontmatter>, body: string): ComposableSkill => ({
  name,
  path: `/lib/${name}/SKILL.md`,
  frontmatter: fm(f),
  body,
});
const catalog = (...skills: ComposableSkill[]) => {
  const byName = new Map(skills.map((s) => [s.name, s]));
  return { lookup: (n: string) => byName.get(n), names: [...byName.keys()] };
};

describe('sections', () => {
  it('split under the title, each holding its subsections; headings in code are text', () => {
    const s = splitSections(
      '# Review\nIntro.\n## Steps\n1. Read.\n### Deep\nMore.\n```md\n## Not a heading\n```\n## Checks\nTests.\n',
    );
    assert.equal(s.title, '# Review\n');
    assert.equal(s.preamble, 'Intro.\n');
    assert.deepEqual(
      s.sections.map((x) => x.key),
      ['steps', 'checks'],
    );
    assert.match(s.sections[0]?.text ?? '', /### Deep\nMore\.\n```md\n## Not a heading\n```\n$/);
  });

  it('merge: a child section replaces the same heading whole, new ones are appended', () => {
    const parent =
      '# Base\nBase intro.\n## Steps\nOld steps.\n### Detail\nOld detail.\n## Checks\nTests.\n';
    const child = '# Child\n## steps\nNew steps.\n## Extra\nMore.\n';
    assert.equal(
      mergeSections(parent, child),
      '# Child\nBase intro.\n## steps\nNew steps.\n## Checks\nTests.\n## Extra\nMore.\n',
    );
  });
});

describe('composeExtends', () => {
  it('composes the parent with the child: sections by heading, triggers unioned, child scalars win', () => {
    const { lookup, names } = catalog(
      skill(
        'base-review',
        {
          description: 'Base.',
          model: 'opus',
          tags: ['review'],
          triggers: { files: ['*.ts'], intents: ['review code'], contexts: [] },
        },
        '# Review\n## Steps\nBase steps.\n## Checks\nBase checks.\n',
      ),
    );
    const child = skill(
      'ts-review',
      {
        description: 'TypeScript review.',
        extends: 'base-review',
        triggers: { files: ['*.tsx', '*.ts'], intents: ['review typescript'], contexts: ['tsc'] },
      },
      '## Checks\nRun tsc.\n',
    );
    const r = composeExtends(child, lookup, names);
    assert.deepEqual(r.diagnostics, []);
    assert.equal(r.skill.frontmatter.description, 'TypeScript review.');
    assert.equal(r.skill.frontmatter.model, 'opus');
    assert.deepEqual(r.skill.frontmatter.tags, ['review']);
    assert.deepEqual(r.skill.frontmatter.triggers, {
      files: ['*.ts', '*.tsx'],
      intents: ['review code', 'review typescript'],
      contexts: ['tsc'],
    });
    assert.equal(r.skill.frontmatter.extends, undefined);
    assert.equal(r.skill.body, '# Review\n## Steps\nBase steps.\n## Checks\nRun tsc.\n');
    assert.deepEqual(r.skill.chain, ['/lib/ts-review/SKILL.md', '/lib/base-review/SKILL.md']);
    assert.equal(child.frontmatter.extends, 'base-review', 'the input is not changed');
  });

  it('allows three parents and refuses a fourth', () => {
    const chainOf = ['a', 'b', 'c', 'd', 'e'].map((n, i, all) =>
      skill(n, i < all.length - 1 ? { extends: all[i + 1] as string } : {}, `## ${n}\n${n}\n`),
    );
    const { lookup, names } = catalog(...chainOf);
    const r = composeExtends(chainOf[0] as ComposableSkill, lookup, names);
    assert.deepEqual(
      r.diagnostics.map((d) => [d.code, d.file]),
      [['compose/extends-depth', '/lib/d/SKILL.md']],
    );
    assert.deepEqual(
      r.skill.chain.map((p) => p.split('/')[2]),
      ['a', 'b', 'c', 'd'],
    );
    assert.equal(r.skill.body, '## d\nd\n## c\nc\n## b\nb\n## a\na\n');
  });

  it('reports a cycle and self-extension as errors', () => {
    const a = skill('a', { extends: 'b' }, 'A\n');
    const b = skill('b', { extends: 'a' }, 'B\n');
    const self = skill('self', { extends: 'self' }, 'S\n');
    const { lookup, names } = catalog(a, b, self);
    const cycle = composeExtends(a, lookup, names);
    assert.deepEqual(
      cycle.diagnostics.map((d) => [d.code, d.severity]),
      [['compose/extends-cycle', 'error']],
    );
    assert.match(cycle.diagnostics[0]?.message ?? '', /a → b → a/);
    assert.deepEqual(
      composeExtends(self, lookup, names).diagnostics.map((d) => d.code),
      ['compose/extends-self'],
    );
  });

  it('reports a missing parent with a did-you-mean', () => {
    const { lookup, names } = catalog(skill('base-review', {}, 'B\n'));
    const r = composeExtends(skill('x', { extends: 'base-reveiw' }, 'X\n'), lookup, names);
    assert.equal(r.diagnostics[0]?.code, 'compose/extends-missing');
    assert.equal(r.diagnostics[0]?.data?.didYouMean, 'base-review');
    assert.equal(r.skill.body, 'X\n');
  });
});

describe('orderPrerequisites', () => {
  const graph = (edges: Record<string, string[]>) => ({
    prerequisitesOf: (n: string) => edges[n],
    fileOf: (n: string) => `/lib/${n}/SKILL.md`,
  });

  it('puts prerequisites first, each once, in listed order', () => {
    const g = graph({ deploy: ['build', 'test'], test: ['build'], build: [], lint: [] });
    assert.deepEqual(orderPrerequisites(['deploy', 'lint', 'test'], g), {
      order: ['build', 'test', 'deploy', 'lint'],
      diagnostics: [],
    });
  });

  it('reports a cycle once and a missing prerequisite, and still orders the rest', () => {
    const g = graph({ a: ['b'], b: ['c', 'nope'], c: ['a'] });
    const r = orderPrerequisites(['a', 'c'], g);
    assert.deepEqual(r.order, ['c', 'b', 'a']);
    assert.deepEqual(
      r.diagnostics.map((d) => [d.code, d.file]),
      [
        ['compose/prerequisite-cycle', '/lib/c/SKILL.md'],
        ['compose/missing-prerequisite', '/lib/b/SKILL.md'],
      ],
    );
  });
});
