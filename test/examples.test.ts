// The example library in examples/skills: it loads, it is broken only where it means to be, and it
// covers every S1 field group; and the request examples built from it have the providers' shapes.

import assert from 'node:assert/strict';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildMessagesRequest, type MessagesRequest } from '../examples/messages-api.js';
import { buildChatRequest, type ChatRequest } from '../examples/openai-chat.js';
import {
  createSkillSession,
  type DiscoverResult,
  discoverSkills,
  type Outcome,
  readSkillBody,
  type Skill,
  type SkillFrontmatter,
} from '../src/index.js';
import { repoRoot } from '../src/test-support/paths.js';

/** The value of an outcome the test expects to succeed. */
function ok<T>(o: Outcome<T>): T {
  assert.ok(o.ok, o.ok ? '' : `${o.problem.code}: ${o.problem.message}`);
  return o.value;
}

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

/** Every value in `v`, depth first, with the key it is under. */
function* walk(v: unknown, key = ''): Generator<[string, unknown]> {
  yield [key, v];
  if (Array.isArray(v)) for (const x of v) yield* walk(x, key);
  else if (v !== null && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) yield* walk(x, k);
}
const stringsIn = (v: unknown): string[] =>
  [...walk(v)].map(([, x]) => x).filter((x): x is string => typeof x === 'string');
const cacheControls = (v: unknown): unknown[] =>
  [...walk(v)].filter(([k]) => k === 'cache_control').map(([, x]) => x);

/** Every file in a skill folder other than its SKILL.md, relative to the library. */
function bundledFiles(lib: string): string[] {
  const out: string[] = [];
  const visit = (rel: string): void => {
    for (const e of readdirSync(path.join(lib, rel), { withFileTypes: true })) {
      const r = path.join(rel, e.name);
      if (e.isDirectory()) visit(r);
      else if (e.isFile() && r.split(path.sep).length > 1 && e.name !== 'SKILL.md') out.push(r);
    }
  };
  visit('');
  return out.sort();
}

/** `review-pr`'s `@import`s, relative to the library: the only bundled files a load reads. */
const imported = (lib: string): string[] =>
  [...readFileSync(path.join(lib, 'review-pr', 'SKILL.md'), 'utf8').matchAll(/^@import (\S+)$/gm)]
    .map((m) => path.join('review-pr', m[1] as string))
    .sort();

/** Checks that a request reads the imported files and nothing else the library bundles. */
function assertResourcesListedNotRead(request: unknown, lib: string): void {
  const texts = stringsIn(request);
  const reads = new Set(imported(lib));
  for (const rel of bundledFiles(lib)) {
    const content = readFileSync(path.join(lib, rel), 'utf8').trim();
    const found = texts.some((t) => t.includes(content));
    assert.equal(found, reads.has(rel), `${rel} is ${reads.has(rel) ? 'imported' : 'not read'}`);
  }
  // The other files are listed; the imported ones are in the body already and are not listed again.
  const listed = bundledFiles(lib)
    .filter((rel) => rel.startsWith(`review-pr${path.sep}`) && !reads.has(rel))
    .map((rel) => `<file>${path.relative('review-pr', rel).split(path.sep).join('/')}</file>`);
  for (const f of listed)
    assert.ok(
      texts.some((t) => t.includes(f)),
      `${f} is listed`,
    );
}

describe('example requests', () => {
  const REVIEW_PR_DIR = path.join(LIB, 'review-pr');
  let listed: string[];
  let shown: string[];
  let messages: MessagesRequest;
  let chat: ChatRequest;
  let copy: string;

  before(async () => {
    const session = await createSkillSession({ roots: [LIB], cache: false });
    try {
      const listing = ok(await session.listing());
      listed = listing.entries.map((e) => e.name).sort();
      shown = listing.entries.filter((e) => e.shown !== 'omitted').map((e) => e.name);
    } finally {
      session.close();
    }
    messages = await buildMessagesRequest();
    chat = await buildChatRequest();
    // A copy of the library with a reference that nothing imports.
    copy = path.join(mkdtempSync(path.join(os.tmpdir(), 'skillset-examples-')), 'skills');
    cpSync(LIB, copy, { recursive: true });
    writeFileSync(
      path.join(copy, 'review-pr', 'references', 'escalation.md'),
      '# Escalation\n\nPage the on-call reviewer (marker 7f3e9c) when a PR touches billing.\n',
    );
  });
  after(() => rmSync(path.dirname(copy), { recursive: true, force: true }));

  test('the builders default to the bundled library, whose listing offers review-pr', () => {
    assert.ok(listed.includes('review-pr'));
    assert.ok(!listed.includes('release'), 'disable-model-invocation keeps release out');
    assert.ok(shown.length > 0);
  });

  describe('Messages API (examples/messages-api.ts)', () => {
    test('has exactly the request body keys, typed', () => {
      assert.deepEqual(Object.keys(messages), [
        'model',
        'max_tokens',
        'system',
        'tools',
        'messages',
      ]);
      assert.equal(typeof messages.model, 'string');
      assert.ok(Number.isInteger(messages.max_tokens) && messages.max_tokens > 0);
      assert.equal(typeof messages.system, 'string');
    });

    test('puts the instruction, then the <available_skills> listing, in system', () => {
      const { system } = messages;
      assert.match(system, /load_skill/);
      assert.ok(system.indexOf('load_skill') < system.indexOf('<available_skills>'));
      assert.ok(system.includes('<available_skills>') && system.includes('</available_skills>'));
      for (const name of shown) assert.ok(system.includes(`<name>\n${name}\n</name>`), name);
    });

    test('offers load_skill with an enum of exactly the listed skills', () => {
      assert.equal(messages.tools.length, 1);
      const [tool] = messages.tools;
      assert.ok(tool);
      assert.deepEqual(Object.keys(tool), ['name', 'description', 'input_schema']);
      assert.equal(tool.name, 'load_skill');
      assert.equal(tool.input_schema.type, 'object');
      assert.deepEqual(tool.input_schema.required, ['name']);
      assert.ok(tool.input_schema.properties.name.enum?.includes('review-pr'));
      assert.deepEqual(tool.input_schema.properties.name.enum, listed);
    });

    test('answers the tool_use with a tool_result of the same id holding the skill', () => {
      assert.deepEqual(
        messages.messages.map((m) => m.role),
        ['user', 'assistant', 'user'],
      );
      const [, call, answer] = messages.messages;
      assert.ok(call && Array.isArray(call.content));
      const uses = call.content.filter((b) => b.type === 'tool_use');
      assert.equal(uses.length, 1);
      const [use] = uses;
      assert.ok(use?.type === 'tool_use');
      assert.match(use.id, /^[A-Za-z0-9_-]+$/);
      assert.equal(use.name, 'load_skill');
      assert.deepEqual(use.input, { name: 'review-pr' });

      assert.ok(answer && Array.isArray(answer.content));
      assert.equal(answer.content.length, 1);
      const [result] = answer.content;
      assert.ok(result?.type === 'tool_result');
      assert.equal(result.tool_use_id, use.id);
      assert.ok(Array.isArray(result.content) && result.content.length > 0);
      for (const b of result.content) assert.equal(b.type, 'text');
      assert.ok(result.content[0]?.text.startsWith('<skill_content name="review-pr">'));
      const text = result.content.map((b) => b.text).join('\n');
      assert.ok(text.includes(`Skill directory: ${REVIEW_PR_DIR}`));
    });

    test('marks at most four cache breakpoints, each ephemeral', () => {
      const marks = cacheControls(messages);
      assert.ok(marks.length >= 1 && marks.length <= 4, `${marks.length} breakpoints`);
      for (const m of marks) assert.deepEqual(m, { type: 'ephemeral' });
    });

    test('survives a JSON round trip and is byte-identical when built again', async () => {
      const json = JSON.stringify(messages);
      assert.deepEqual(JSON.parse(json), messages);
      assert.equal(JSON.stringify(await buildMessagesRequest()), json);
    });

    test('reads the files review-pr imports; other bundled files are listed, not read', async () => {
      assertResourcesListedNotRead(messages, LIB);
      const built = await buildMessagesRequest(copy);
      assertResourcesListedNotRead(built, copy);
      assert.ok(!stringsIn(built).some((t) => t.includes('marker 7f3e9c')));
    });
  });

  describe('Chat Completions (examples/openai-chat.ts)', () => {
    test('has exactly the request body keys, typed', () => {
      assert.deepEqual(Object.keys(chat), ['model', 'messages', 'tools']);
      assert.equal(typeof chat.model, 'string');
    });

    test('orders the messages system, user, assistant, tool', () => {
      assert.deepEqual(
        chat.messages.map((m) => m.role),
        ['system', 'user', 'assistant', 'tool'],
      );
      const [system] = chat.messages;
      assert.ok(system?.role === 'system');
      assert.ok(
        system.content.indexOf('load_skill') < system.content.indexOf('<available_skills>'),
      );
      for (const name of shown)
        assert.ok(system.content.includes(`<name>\n${name}\n</name>`), name);
    });

    test('answers the tool call with a tool message of the same id holding the skill', () => {
      const [, , call, answer] = chat.messages;
      assert.ok(call?.role === 'assistant');
      assert.equal(call.tool_calls?.length, 1);
      const tc = call.tool_calls?.[0];
      assert.ok(tc);
      assert.deepEqual(Object.keys(tc), ['id', 'type', 'function']);
      assert.equal(tc.type, 'function');
      assert.equal(tc.function.name, 'load_skill');
      assert.equal(typeof tc.function.arguments, 'string');
      assert.deepEqual(JSON.parse(tc.function.arguments), { name: 'review-pr' });

      assert.ok(answer?.role === 'tool');
      assert.equal(answer.tool_call_id, tc.id);
      assert.ok(answer.content.startsWith('<skill_content name="review-pr">'));
      assert.ok(answer.content.includes(`Skill directory: ${REVIEW_PR_DIR}`));
    });

    test('offers load_skill as a strict function tool over exactly the listed skills', () => {
      assert.equal(chat.tools.length, 1);
      const [tool] = chat.tools;
      assert.ok(tool);
      assert.equal(tool.type, 'function');
      assert.equal(tool.function.name, 'load_skill');
      assert.equal(tool.function.strict, true);
      assert.equal(tool.function.parameters.additionalProperties, false);
      assert.ok(tool.function.parameters.properties.name.enum?.includes('review-pr'));
      assert.deepEqual(tool.function.parameters.properties.name.enum, listed);
    });

    test('carries no cache_control, survives a JSON round trip, is byte-identical when built again', async () => {
      assert.deepEqual(cacheControls(chat), []);
      const json = JSON.stringify(chat);
      assert.deepEqual(JSON.parse(json), chat);
      assert.equal(JSON.stringify(await buildChatRequest()), json);
    });

    test('reads the files review-pr imports; other bundled files are listed, not read', async () => {
      assertResourcesListedNotRead(chat, LIB);
      const built = await buildChatRequest(copy);
      assertResourcesListedNotRead(built, copy);
      assert.ok(!stringsIn(built).some((t) => t.includes('marker 7f3e9c')));
    });
  });
});
