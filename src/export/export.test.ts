import assert from 'node:assert/strict';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { AGENTS_MD_END, AGENTS_MD_START } from '../agents/agents-md.js';
import { discoverSkills } from '../discover/discover.js';
import { type FileSystem, nodeFileSystem } from '../files/fs.js';
import type { Skill } from '../skill/types.js';
import { corporaDir, repoRoot } from '../test-support/paths.js';
import { tempFolders } from '../test-support/temp.js';
import { exportSkills } from './export.js';
import { exportExitCode, formatExportResult } from './format.js';
import { MANIFEST_FILE } from './manifest.js';
import { EXPORT_TARGETS, type ExportOptions, type ExportTarget } from './types.js';

const temp = tempFolders('skillset-export-');

/** A copy of a library in a fresh folder, with an empty out folder beside it. */
function copyLibrary(from: string): { src: string; out: string } {
  const t = temp();
  const src = path.join(t, 'src');
  cpSync(from, src, { recursive: true, verbatimSymlinks: true });
  return { src, out: path.join(t, 'out') };
}

async function discover(root: string): Promise<Skill[]> {
  return (await discoverSkills({ roots: [root], cacheDir: false })).skills;
}

/** The file a target writes for one skill. */
function fileOf(target: ExportTarget, name: string): string {
  switch (target) {
    case 'agents-md':
      return 'AGENTS.md';
    case 'cursor':
      return `.cursor/rules/${name}.mdc`;
    case 'agents-dir':
      return `.agents/skills/${name}/SKILL.md`;
    case 'copilot':
      return `.github/instructions/${name}.instructions.md`;
    case 'well-known':
      return '.well-known/agent-skills/index.json';
  }
}

/** The files a change to one skill's description changes: for well-known, its artifact and the index. */
function changedBy(target: ExportTarget, name: string, out: string): string[] {
  if (target !== 'well-known') return [fileOf(target, name)];
  const index = path.join(out, fileOf(target, name));
  const entry = (
    JSON.parse(readFileSync(index, 'utf8')) as { skills: Array<{ name: string; url: string }> }
  ).skills.find((e) => e.name === name);
  assert.ok(entry, `${name} is in the index`);
  return [fileOf(target, name), `.well-known/agent-skills/${entry.url}`].sort();
}

/** A skill the model may invoke whose description is one plain front-matter line. */
function oneLineDescription(skills: readonly Skill[]): Skill {
  const found = skills.find((s) => {
    if (s.frontmatter.disableModelInvocation) return false;
    const text = readFileSync(s.path, 'utf8');
    const m = /^description:[ \t]*(\S.*)\n(?![ \t])/m.exec(text);
    return m !== null && !/^[|>'"]/.test(m[1] as string);
  });
  assert.ok(found, 'a skill with a one-line description');
  return found;
}

const libraries = [
  ['the bundled examples', path.join(repoRoot, 'examples', 'skills')],
  ['wshobson-agents', path.join(corporaDir, 'wshobson-agents')],
] as const;

for (const [label, library] of libraries)
  for (const target of EXPORT_TARGETS)
    describe(`${target} on ${label}`, () => {
      it('round-trips: a second run writes nothing, --check passes, an edit to an exported file or a source description is drift', async () => {
        const { src, out } = copyLibrary(library);
        let skills = await discover(src);
        const options: ExportOptions = { target, outDir: out };
        const first = await exportSkills(skills, options);
        assert.deepEqual(first.refused, []);
        assert.ok(first.written.includes(MANIFEST_FILE));
        assert.ok(first.written.length > 1);

        const second = await exportSkills(skills, options);
        assert.deepEqual(second.written, [], 'a second run writes nothing');
        assert.deepEqual(second.removed, []);
        assert.deepEqual(
          second.unchanged,
          first.written.filter((p) => p !== MANIFEST_FILE),
        );
        const check = await exportSkills(skills, { ...options, check: true });
        assert.deepEqual(check.drift, []);
        assert.equal(exportExitCode(check), 0);

        // An exported file edited by hand.
        const skill = oneLineDescription(skills);
        const exported = fileOf(target, skill.name);
        const exportedFile = path.join(out, exported);
        const before = readFileSync(exportedFile);
        if (target === 'agents-md')
          writeFileSync(
            exportedFile,
            before.toString('utf8').replace('<skill>', '<skill>\nedited'),
          );
        else appendFileSync(exportedFile, 'edited by hand\n');
        const edited = await exportSkills(skills, { ...options, check: true });
        assert.deepEqual(edited.drift, [exported]);
        assert.equal(exportExitCode(edited), 1);
        assert.ok(!readFileSync(exportedFile).equals(before), '--check left the edit as it was');
        if (target !== 'agents-md') {
          const kept = await exportSkills(skills, options);
          assert.deepEqual(
            kept.refused.map((r) => r.path),
            [exported],
          );
          assert.match(kept.refused[0]?.reason ?? '', /edited since skillset exported it/);
        }
        const forced = await exportSkills(skills, { ...options, force: true });
        assert.deepEqual(forced.written, [exported]);
        assert.ok(readFileSync(exportedFile).equals(before));

        // A source description changed.
        writeFileSync(
          skill.path,
          readFileSync(skill.path, 'utf8').replace(
            /^description:.*$/m,
            'description: Changed for the drift test.',
          ),
        );
        skills = await discover(src);
        const changed = await exportSkills(skills, { ...options, check: true });
        const touched = changedBy(target, skill.name, out);
        assert.deepEqual(changed.drift, touched);
        const updated = await exportSkills(skills, options);
        assert.deepEqual(updated.written, [...touched, MANIFEST_FILE].sort());
        assert.match(readFileSync(exportedFile, 'utf8'), /Changed for the drift test\./);
        assert.deepEqual((await exportSkills(skills, { ...options, check: true })).drift, []);
      });
    });

describe('exportSkills', () => {
  it('touches nothing on a second run, or ever with --check: no folder made, write or removal reaches the file system', async () => {
    const skills = await discover(path.join(repoRoot, 'examples', 'skills'));
    const calls: string[] = [];
    const counting: FileSystem = {
      ...nodeFileSystem,
      async mkdir(p) {
        calls.push(`mkdir ${p}`);
        return nodeFileSystem.mkdir(p);
      },
      async writeFile(p, bytes, o) {
        calls.push(`write ${p}`);
        return nodeFileSystem.writeFile(p, bytes, o);
      },
      async rm(p) {
        calls.push(`remove ${p}`);
        return nodeFileSystem.rm(p);
      },
    };
    for (const target of EXPORT_TARGETS) {
      const out = temp();
      await exportSkills(skills, { target, outDir: out, check: true, fs: counting });
      assert.deepEqual(calls, [], `${target} --check`);
      await exportSkills(skills, { target, outDir: out, fs: counting });
      assert.ok(calls.length > 0);
      calls.length = 0;
      await exportSkills(skills, { target, outDir: out, fs: counting });
      assert.deepEqual(calls, [], `${target} second run`);
    }
  });

  it('is deterministic: two out folders get the same bytes', async () => {
    const skills = await discover(path.join(repoRoot, 'examples', 'skills'));
    for (const target of EXPORT_TARGETS) {
      const [a, b] = [temp(), temp()];
      const ra = await exportSkills(skills, { target, outDir: a });
      await exportSkills([...skills].reverse(), { target, outDir: b });
      for (const p of ra.written)
        assert.ok(
          readFileSync(path.join(a, p)).equals(readFileSync(path.join(b, p))),
          `${target} ${p}`,
        );
    }
  });

  it('keeps AGENTS.md outside the markers byte for byte: CRLF, and content after the block', async () => {
    const skills = await discover(path.join(repoRoot, 'examples', 'skills'));
    const out = temp();
    const head = '# Project\r\n\r\nUse tabs.  \r\n';
    writeFileSync(path.join(out, 'AGENTS.md'), head);
    await exportSkills(skills, { target: 'agents-md', outDir: out });
    const once = readFileSync(path.join(out, 'AGENTS.md'), 'utf8');
    assert.ok(once.startsWith(`${head}\r\n${AGENTS_MD_START}`));
    assert.ok(!/[^\r]\n/.test(once), 'the block follows the file in CRLF');

    const tail = '\r\n## Later\r\nwritten after the block, no final newline';
    writeFileSync(path.join(out, 'AGENTS.md'), `${once.trimEnd()}${tail}`);
    const r = await exportSkills(skills.slice(0, 3), { target: 'agents-md', outDir: out });
    assert.deepEqual(r.written, [MANIFEST_FILE, 'AGENTS.md']);
    const twice = readFileSync(path.join(out, 'AGENTS.md'), 'utf8');
    assert.ok(twice.startsWith(`${head}\r\n${AGENTS_MD_START}`));
    assert.ok(twice.endsWith(`${AGENTS_MD_END}${tail}`));
    assert.equal((twice.match(/<skill>/g) ?? []).length, 3);
  });

  it('leaves AGENTS.md with broken markers alone, even with --force', async () => {
    const out = temp();
    const text = `${AGENTS_MD_START} -->\nno end\n`;
    writeFileSync(path.join(out, 'AGENTS.md'), text);
    const r = await exportSkills([], { target: 'agents-md', outDir: out, force: true });
    assert.match(r.refused[0]?.reason ?? '', /1 start and 0 end markers/);
    assert.equal(readFileSync(path.join(out, 'AGENTS.md'), 'utf8'), text);
  });

  it('warns when the block pushes AGENTS.md past the 32 KiB Codex reads', async () => {
    const skills = await discover(path.join(repoRoot, 'examples', 'skills'));
    const out = temp();
    writeFileSync(path.join(out, 'AGENTS.md'), `${'x'.repeat(99)}\n`.repeat(320));
    const r = await exportSkills(skills, { target: 'agents-md', outDir: out });
    assert.equal(r.warnings.length, 1);
    assert.match(
      r.warnings[0] as string,
      /over the 32,768 Codex reads by default \(project_doc_max_bytes\): the skills block \([\d,]+ bytes\) pushes it past/,
    );
    const fits = await exportSkills(skills, { target: 'agents-md', outDir: temp() });
    assert.deepEqual(fits.warnings, []);
  });

  it('refuses a file it did not write, and overwrites it with --force', async () => {
    const skills = await discover(path.join(repoRoot, 'examples', 'skills'));
    const out = temp();
    mkdirSync(path.join(out, '.cursor', 'rules'), { recursive: true });
    const mine = path.join(out, '.cursor', 'rules', 'review-pr.mdc');
    writeFileSync(mine, 'my own rule\n');
    const r = await exportSkills(skills, { target: 'cursor', outDir: out });
    assert.deepEqual(r.refused, [
      {
        path: '.cursor/rules/review-pr.mdc',
        reason: 'not written by skillset export; --force overwrites it',
      },
    ]);
    assert.equal(readFileSync(mine, 'utf8'), 'my own rule\n');
    assert.equal(exportExitCode(r), 1);
    assert.match(formatExportResult(r), /refused {2}\.cursor\/rules\/review-pr\.mdc: not written/);
    const forced = await exportSkills(skills, { target: 'cursor', outDir: out, force: true });
    assert.deepEqual(forced.written, ['.cursor/rules/review-pr.mdc', MANIFEST_FILE]);
    assert.match(readFileSync(mine, 'utf8'), /^---\ndescription: /);
    assert.deepEqual((await exportSkills(skills, { target: 'cursor', outDir: out })).written, []);
  });

  it('removes what it wrote for a skill that is gone, and nothing else', async () => {
    const { src, out } = copyLibrary(path.join(repoRoot, 'examples', 'skills'));
    for (const target of ['cursor', 'agents-dir'] as const)
      await exportSkills(await discover(src), { target, outDir: out });
    writeFileSync(path.join(out, '.cursor', 'rules', 'mine.mdc'), 'mine\n');
    rmSync(path.join(src, 'review-pr'), { recursive: true });
    const skills = await discover(src);
    const cursor = await exportSkills(skills, { target: 'cursor', outDir: out });
    assert.deepEqual(cursor.removed, ['.cursor/rules/review-pr.mdc']);
    assert.ok(existsSync(path.join(out, '.cursor', 'rules', 'mine.mdc')));
    const dir = await exportSkills(skills, { target: 'agents-dir', outDir: out });
    assert.deepEqual(dir.removed, [
      '.agents/skills/review-pr/SKILL.md',
      '.agents/skills/review-pr/references/checklist.md',
    ]);
    assert.ok(!existsSync(path.join(out, '.agents', 'skills', 'review-pr')), 'its folders go too');
    assert.ok(existsSync(path.join(out, '.agents', 'skills', 'write-tests', 'SKILL.md')));
    const manifest = JSON.parse(readFileSync(path.join(out, MANIFEST_FILE), 'utf8'));
    assert.deepEqual(Object.keys(manifest.targets), ['agents-dir', 'cursor']);
  });

  it('writes nothing with --check, not even the out folder', async () => {
    const skills = await discover(path.join(repoRoot, 'examples', 'skills'));
    const out = path.join(temp(), 'not-yet');
    const r = await exportSkills(skills, { target: 'copilot', outDir: out, check: true });
    assert.equal(r.drift.length, 9);
    assert.deepEqual(r.written, []);
    assert.ok(!existsSync(out));
    assert.match(formatExportResult(r, { check: true }), /9 files out of date/);
  });
});
