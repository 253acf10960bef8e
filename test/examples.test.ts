// The example library in examples/skills: it loads, it is broken only where it means to be, and it covers every S1 field group.

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import {
  type DiscoverResult,
  discoverSkills,
  readSkillBody,
  type Skill,
  type SkillFrontmatter,
} from '../src/index.js';
import { repoRoot } from '../src/test-support/paths.js';

const LIB = path.join(repoRoot, 'examples', 'skills');

const EXPECTED_IDS = [
  'broken-yaml',
  'changelog-entry',
  'commit-message',
  'debug-flaky-test',
  'dependency-upgrade',
  'react-component-tests',
  'release',
  'review-pr',
  'sql-migration',
  'write-tests',
];

let result: DiscoverResult;
const skill = (id: string): Skill => {
  const s = result.skills.find((k) => k.id === id);
  assert.ok(s, `skill ${id} is loaded`);
  return s;
};
const nonEmpty = (v: readonly unknown[] | undefined): boolean => v !== undefined && v.length > 0;

before(async () => {
  result = await discoverSkills({ roots: [LIB], cacheDir: false });
});

describe('examples/skills', () => {
  test('loads exactly the expected skills, each with a front matter description', () => {
    assert.deepEqual(
      result.skills.map((s) => s.id),
      EXPECTED_IDS,
    );
    assert.deepEqual(result.shadowed, []);
    for (const s of result.skills) {
      assert.equal(s.descriptionSource, 'frontmatter', s.id);
      assert.ok(s.description.length > 20, s.id);
      assert.equal(s.frontmatter.name, s.name, `${s.id}: name matches the folder`);
    }
  });

  test('reports problems only for broken-yaml', () => {
    const problems = result.diagnostics.filter((d) => d.severity !== 'info');
    for (const d of problems) {
      assert.equal(path.dirname(d.file), path.join(LIB, 'broken-yaml'), `${d.code} in ${d.file}`);
    }
  });

  test('broken-yaml is recovered with a warning on the description line', () => {
    const s = skill('broken-yaml');
    const recovered = s.diagnostics.find((d) => d.code === 'parse/recovered-yaml');
    assert.ok(recovered, 'parse/recovered-yaml is reported');
    assert.equal(recovered.severity, 'warning');
    assert.equal(recovered.file, path.join(LIB, 'broken-yaml', 'SKILL.md'));
    assert.deepEqual(recovered.start, { line: 3, column: 1 });
    assert.deepEqual(recovered.data?.lines, [3]);
    assert.match(s.description, /^Deliberately broken example: the colon/);
    assert.deepEqual(s.frontmatter.tags, ['example', 'diagnostics']);
  });

  test('broken-yaml drops `user-invocable: maybe` with a warning at its line', () => {
    const s = skill('broken-yaml');
    const invalid = s.diagnostics.filter((d) => d.code === 'frontmatter/invalid-value');
    assert.equal(invalid.length, 1);
    const [d] = invalid;
    assert.ok(d);
    assert.equal(d.severity, 'warning');
    assert.deepEqual(d.start, { line: 4, column: 1 });
    assert.equal(d.data?.field, 'user-invocable');
    assert.equal(s.frontmatter.userInvocable, undefined);
    assert.equal(s.raw['user-invocable'], 'maybe');
    assert.deepEqual(s.diagnostics.map((x) => x.code).sort(), [
      'frontmatter/invalid-value',
      'parse/recovered-yaml',
    ]);
  });

  // Each S1 field group, field by field: some example must carry it, typed.
  const groups: Record<string, Record<string, (fm: SkillFrontmatter) => boolean>> = {
    'open Agent Skills spec': {
      name: (fm) => typeof fm.name === 'string',
      description: (fm) => typeof fm.description === 'string',
      license: (fm) => typeof fm.license === 'string',
      compatibility: (fm) => typeof fm.compatibility === 'string',
      metadata: (fm) => fm.metadata !== undefined && Object.keys(fm.metadata).length > 0,
      'allowed-tools': (fm) => nonEmpty(fm.allowedTools),
    },
    'coding-agent': {
      when_to_use: (fm) => typeof fm.whenToUse === 'string',
      'argument-hint': (fm) => typeof fm.argumentHint === 'string',
      arguments: (fm) => nonEmpty(fm.arguments),
      model: (fm) => typeof fm.model === 'string',
      effort: (fm) => typeof fm.effort === 'string',
      'context: fork': (fm) => fm.context === 'fork',
      'disable-model-invocation': (fm) => fm.disableModelInvocation === true,
      'user-invocable': (fm) => typeof fm.userInvocable === 'boolean',
      paths: (fm) => nonEmpty(fm.paths),
      version: (fm) => typeof fm.version === 'string',
      aliases: (fm) => nonEmpty(fm.aliases),
    },
    selection: {
      'triggers.files': (fm) => nonEmpty(fm.triggers?.files),
      'triggers.intents': (fm) => nonEmpty(fm.triggers?.intents),
      'triggers.contexts': (fm) => nonEmpty(fm.triggers?.contexts),
      threshold: (fm) => typeof fm.threshold === 'number',
      'tier (string)': (fm) => typeof fm.tier === 'string',
      'tier (profile map)': (fm) => typeof fm.tier === 'object',
      profiles: (fm) => nonEmpty(fm.profiles),
      'model-guidance': (fm) =>
        fm.modelGuidance?.preferred !== undefined &&
        fm.modelGuidance.minimumCapability !== undefined,
      extends: (fm) => typeof fm.extends === 'string',
      prerequisites: (fm) => nonEmpty(fm.prerequisites),
      'Triggers: clause': (fm) => /Triggers: '[^']+'(, '[^']+')+/.test(fm.description ?? ''),
      'NOT for clause': (fm) => /NOT for .+ — use [a-z0-9-]+/.test(fm.description ?? ''),
    },
    library: {
      domain: (fm) => typeof fm.domain === 'string',
      category: (fm) => typeof fm.category === 'string',
      tags: (fm) => nonEmpty(fm.tags),
      dependencies: (fm) => nonEmpty(fm.dependencies),
      updated: (fm) => typeof fm.updated === 'string',
      author: (fm) => typeof fm.author === 'string',
    },
  };
  for (const [group, fields] of Object.entries(groups)) {
    test(`some example uses each ${group} field`, () => {
      const missing = Object.entries(fields)
        .filter(([, has]) => !result.skills.some((s) => has(s.frontmatter)))
        .map(([field]) => field);
      assert.deepEqual(missing, []);
    });
  }

  test('normalises the string-or-list forms the examples use', () => {
    assert.deepEqual(skill('review-pr').frontmatter.arguments, ['pr', 'focus']);
    assert.deepEqual(skill('release').frontmatter.arguments, ['level']);
    assert.equal(skill('release').frontmatter.userInvocable, true);
    assert.deepEqual(skill('changelog-entry').frontmatter.tags, ['release', 'docs', 'changelog']);
    assert.deepEqual(skill('dependency-upgrade').frontmatter.profiles, ['executor', 'planner']);
    assert.deepEqual(skill('review-pr').frontmatter.allowedTools, [
      'Read',
      'Grep',
      'Glob',
      'Bash(gh pr view:*)',
      'Bash(gh pr diff:*)',
      'Bash(git log:*)',
    ]);
    assert.deepEqual(skill('react-component-tests').frontmatter.tier, {
      executor: 'critical',
      verifier: 'standard',
      planner: 'optional',
    });
  });

  test('cross-skill references point at skills in the library', () => {
    const ids = new Set(result.skills.map((s) => s.id));
    assert.equal(skill('react-component-tests').frontmatter.extends, 'write-tests');
    for (const s of result.skills) {
      const fm = s.frontmatter;
      if (fm.extends) assert.ok(ids.has(fm.extends), `${s.id} extends ${fm.extends}`);
      for (const p of fm.prerequisites ?? []) assert.ok(ids.has(p), `${s.id} requires ${p}`);
      for (const m of s.description.matchAll(/NOT for .+? — use ([a-z0-9-]+)/g))
        assert.ok(ids.has(m[1] as string), `${s.id} redirects to ${m[1]}`);
    }
  });

  test('review-pr takes arguments and imports a checklist that exists', async () => {
    const s = skill('review-pr');
    const { body } = await readSkillBody(s);
    assert.match(body, /\$ARGUMENTS/);
    const imports = [...body.matchAll(/^@import (\S+)$/gm)].map((m) => m[1] as string);
    assert.deepEqual(imports, ['references/checklist.md']);
    for (const rel of imports) assert.ok(existsSync(path.join(s.dir, rel)), rel);
  });

  test('release bundles a script under scripts/', async () => {
    const s = skill('release');
    assert.ok(existsSync(path.join(s.dir, 'scripts', 'bump-version.mjs')));
    const { body } = await readSkillBody(s);
    assert.match(body, /scripts\/bump-version\.mjs/);
  });
});
