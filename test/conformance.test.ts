// The spec profile against the reference validator's own cases (../shared/conformance/skills-ref/cases.json).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { discoverSkills } from '../src/discover/discover.js';
import { builtinSeverity } from '../src/lint/builtin.js';
import { lintSkills } from '../src/lint/run.js';
import { renderAvailableSkills } from '../src/render/available-skills.js';
import { renderListing } from '../src/render/listing.js';
import { parseSkillFile } from '../src/skill/parse.js';
import { sharedDir } from '../src/test-support/paths.js';

interface Case {
  suite: 'validator' | 'parser' | 'prompt';
  id: string;
  path: string;
  expect: string;
  actual: unknown;
}

const fixtures = path.join(sharedDir, 'conformance', 'skills-ref');
const cases = JSON.parse(readFileSync(path.join(fixtures, 'cases.json'), 'utf8')) as Case[];

const lint = (target: string) => lintSkills({ roots: [target], profile: 'spec', cacheDir: false });
const errorsOf = async (target: string) =>
  (await lint(target)).diagnostics.filter((d) => d.severity === 'error');

/** The phrases of "error contains 'a' and 'b'" / "exactly 1 error: 'a'". */
const phrases = (expect: string) => [...expect.matchAll(/'([^']*)'/g)].map((m) => m[1] as string);

/** Parse a content.md the way the reference parser's unit tests do: front matter and body from text. */
function parseContent(file: string) {
  const bytes = readFileSync(file);
  const parsed = parseSkillFile(bytes, file);
  return {
    parsed,
    body: bytes.toString('utf8', parsed.bodyOffset),
    spec: parsed.diagnostics.filter((d) => builtinSeverity('spec', d.code, d.severity) === 'error'),
  };
}

/** What each parser case asserts, in our terms. */
const parserChecks: Record<string, (target: string) => Promise<void>> = {
  'valid-frontmatter': async (t) => {
    const { parsed, body, spec } = parseContent(t);
    assert.deepEqual(spec, []);
    assert.equal(parsed.raw.name, 'my-skill');
    assert.equal(parsed.raw.description, 'A test skill');
    assert.ok(body.includes('# My Skill'));
  },
  'missing-frontmatter': async (t) =>
    assert.ok(parseContent(t).spec.some((d) => d.code === 'parse/no-frontmatter')),
  'unclosed-frontmatter': async (t) =>
    assert.ok(parseContent(t).spec.some((d) => d.code === 'parse/unclosed-frontmatter')),
  'invalid-yaml': async (t) =>
    assert.ok(
      parseContent(t).spec.some(
        (d) => d.code === 'parse/recovered-yaml' || d.code === 'parse/invalid-yaml',
      ),
    ),
  'non-dict-frontmatter': async (t) =>
    assert.ok(parseContent(t).spec.some((d) => d.code === 'parse/frontmatter-not-mapping')),
  'read-valid': async (t) => {
    assert.deepEqual(await errorsOf(t), []);
    const [s] = (await discoverSkills({ roots: [t], cacheDir: false })).skills;
    assert.deepEqual(
      [s?.raw.name, s?.raw.description, s?.raw.license],
      ['my-skill', 'A test skill', 'MIT'],
    );
  },
  'read-metadata': async (t) => {
    const [s] = (await discoverSkills({ roots: [t], cacheDir: false })).skills;
    assert.deepEqual(s?.frontmatter.metadata, { author: 'Test Author', version: '1.0' });
  },
  'read-missing-skill-md': async (t) =>
    assert.ok((await errorsOf(t)).some((d) => d.code === 'lint/no-skills')),
  'read-missing-name': async (t) =>
    assert.ok(
      (await errorsOf(t)).some((d) =>
        d.message.includes('Missing required field in frontmatter: name'),
      ),
    ),
  'read-missing-description': async (t) =>
    assert.ok(
      (await errorsOf(t)).some((d) =>
        d.message.includes('Missing required field in frontmatter: description'),
      ),
    ),
  'find-prefers-uppercase': async (t) => {
    const r = await discoverSkills({ roots: [t], cacheDir: false, acceptLowercaseSkillFile: true });
    assert.equal(path.basename(r.skills[0]?.path ?? ''), 'SKILL.md');
  },
  'find-accepts-lowercase': async (t) => {
    const r = await discoverSkills({ roots: [t], cacheDir: false, acceptLowercaseSkillFile: true });
    assert.equal(path.basename(r.skills[0]?.path ?? ''), 'skill.md');
  },
  'find-none': async (t) => assert.ok((await errorsOf(t)).some((d) => d.code === 'lint/no-skills')),
  'read-lowercase-skill-md': async (t) => {
    const r = await lintSkills({ roots: [t], profile: 'spec', cacheDir: false });
    assert.equal(r.errors, 0);
    const [s] = (
      await discoverSkills({ roots: [t], cacheDir: false, acceptLowercaseSkillFile: true })
    ).skills;
    assert.deepEqual([s?.raw.name, s?.raw.description], ['my-skill', 'A test skill']);
  },
  'read-allowed-tools': async (t) => {
    const [s] = (await discoverSkills({ roots: [t], cacheDir: false })).skills;
    assert.equal(s?.raw['allowed-tools'], 'Bash(jq:*) Bash(git:*)');
    assert.deepEqual(s?.frontmatter.allowedTools, ['Bash(jq:*)', 'Bash(git:*)']);
  },
};

describe('conformance with the reference validator (skills-ref)', () => {
  it('walks every case in cases.json', () => {
    assert.equal(cases.length, 40);
    for (const c of cases.filter((x) => x.suite === 'parser'))
      assert.ok(parserChecks[c.id], `a check for parser/${c.id}`);
  });

  for (const c of cases) {
    it(`${c.suite}/${c.id}: ${c.expect}`, async () => {
      const target = path.join(fixtures, c.path);
      if (c.suite === 'validator') {
        const errors = await errorsOf(target);
        const messages = errors.map((d) => d.message);
        if (c.expect === 'ok') return assert.deepEqual(messages, []);
        const want = phrases(c.expect);
        if (c.expect.startsWith('exactly 1 error'))
          assert.equal(errors.length, 1, messages.join('\n'));
        assert.ok(
          messages.some((m) => want.every((w) => m.toLowerCase().includes(w.toLowerCase()))),
          `expected an error containing ${want.join(' + ')}; got ${JSON.stringify(messages)}`,
        );
      } else if (c.suite === 'parser') {
        await (parserChecks[c.id] as (t: string) => Promise<void>)(target);
      } else {
        const { skills } = await discoverSkills({ roots: [target], cacheDir: false });
        const xml = renderAvailableSkills(
          skills.map((s) => ({
            name: String(s.raw.name ?? s.name),
            description: s.description,
            path: s.path,
          })),
        );
        const expected = String(c.actual).replaceAll('<fixture>', target);
        assert.equal(xml, expected);
        // The listing `skillset listing` prints is the same block while nothing is cut.
        const listing = renderListing(
          skills.map((s) => ({
            name: String(s.raw.name ?? s.name),
            description: s.description,
            location: s.path,
          })),
          { format: 'xml' },
        );
        assert.equal(listing.level, 'full');
        assert.equal(listing.text, expected);
      }
    });
  }
});
