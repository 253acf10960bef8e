// exportSkills on the edges: skills the model may not invoke, --point-to, folder copies, the
// manifest it cannot trust, and out paths it cannot use.

import assert from 'node:assert/strict';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { discoverSkills } from '../discover/discover.js';
import { SkillsetError } from '../errors.js';
import type { FileSystem } from '../files/fs.js';
import { createMemoryFileSystem } from '../files/memory-fs.js';
import type { Skill } from '../skill/types.js';
import { repoRoot } from '../test-support/paths.js';
import { tempFolders } from '../test-support/temp.js';
import { exportSkills } from './export.js';
import { statIfThere } from './fs.js';
import { MANIFEST_FILE } from './manifest.js';
import { EXPORT_TARGETS, type ExportTarget } from './types.js';

const temp = tempFolders('skillset-export-');

async function discover(root: string): Promise<Skill[]> {
  return (await discoverSkills({ roots: [root], cacheDir: false })).skills;
}

describe('exportSkills on the edges', () => {
  it('leaves skills the model may not invoke out of AGENTS.md, rules and instructions, not out of .agents/skills', async () => {
    const skills = await discover(path.join(repoRoot, 'examples', 'skills'));
    assert.ok(skills.some((s) => s.name === 'release' && s.frontmatter.disableModelInvocation));
    const out = temp();
    for (const target of EXPORT_TARGETS) await exportSkills(skills, { target, outDir: out });
    assert.ok(!readFileSync(path.join(out, 'AGENTS.md'), 'utf8').includes('<name>\nrelease\n'));
    assert.ok(!existsSync(path.join(out, '.cursor', 'rules', 'release.mdc')));
    assert.ok(!existsSync(path.join(out, '.github', 'instructions', 'release.instructions.md')));
    assert.ok(existsSync(path.join(out, '.agents', 'skills', 'release', 'SKILL.md')));
  });

  it('points entries at the .agents/skills copies, relative to the project, when asked', async () => {
    const skills = await discover(path.join(repoRoot, 'examples', 'skills'));
    const out = temp();
    await exportSkills(skills, { target: 'agents-md', outDir: out, pointTo: 'agents-dir' });
    await exportSkills(skills, { target: 'cursor', outDir: out, pointTo: 'agents-dir' });
    assert.match(
      readFileSync(path.join(out, 'AGENTS.md'), 'utf8'),
      /<location>\n\.agents\/skills\/write-tests\/SKILL\.md\n<\/location>/,
    );
    assert.match(
      readFileSync(path.join(out, '.cursor', 'rules', 'write-tests.mdc'), 'utf8'),
      /\n@\.agents\/skills\/write-tests\/SKILL\.md\n$/,
    );
  });

  it('copies a skill folder byte for byte: links inside followed, links out of it not, the executable bit kept', async () => {
    const t = temp();
    const skill = path.join(t, 'lib', 'linked');
    mkdirSync(path.join(skill, 'scripts'), { recursive: true });
    writeFileSync(
      path.join(skill, 'SKILL.md'),
      '---\nname: linked\ndescription: Links.\n---\nBody\r\n',
    );
    writeFileSync(path.join(skill, 'scripts', 'run.sh'), '#!/bin/sh\necho hi\n');
    chmodSync(path.join(skill, 'scripts', 'run.sh'), 0o755);
    writeFileSync(path.join(t, 'secret.txt'), 'outside\n');
    symlinkSync(path.join(t, 'secret.txt'), path.join(skill, 'secret.txt'));
    symlinkSync('scripts/run.sh', path.join(skill, 'run-link.sh'));
    symlinkSync('..', path.join(skill, 'scripts', 'loop'));
    mkdirSync(path.join(skill, '.git'));
    writeFileSync(path.join(skill, '.git', 'HEAD'), 'ref\n');
    const out = path.join(t, 'out');
    const r = await exportSkills(await discover(path.join(t, 'lib')), {
      target: 'agents-dir',
      outDir: out,
    });
    assert.deepEqual(r.written, [
      '.agents/skills/linked/SKILL.md',
      '.agents/skills/linked/run-link.sh',
      '.agents/skills/linked/scripts/run.sh',
      MANIFEST_FILE,
    ]);
    assert.deepEqual(r.warnings.length, 1);
    assert.match(
      r.warnings[0] as string,
      /secret\.txt in .* links outside the skill folder; not copied/,
    );
    const copied = path.join(out, '.agents', 'skills', 'linked');
    assert.ok(
      readFileSync(path.join(copied, 'SKILL.md')).equals(
        readFileSync(path.join(skill, 'SKILL.md')),
      ),
    );
    assert.notEqual(statSync(path.join(copied, 'scripts', 'run.sh')).mode & 0o111, 0);
    assert.deepEqual(
      (
        await exportSkills(await discover(path.join(t, 'lib')), {
          target: 'agents-dir',
          outDir: out,
        })
      ).written,
      [],
    );
  });

  it('copies through an injected file system: its links, its executable bits, never its own copies', async () => {
    const fs = createMemoryFileSystem({
      lib: {
        tool: {
          'SKILL.md': '---\nname: tool\ndescription: A tool.\n---\nBody\n',
          'gone.md': { kind: 'symlink', target: 'nowhere.md' },
          'secret.md': { kind: 'symlink', target: '/etc/secret.md' },
          'alias.md': { kind: 'symlink', target: 'SKILL.md' },
          '.git': { HEAD: 'ref\n' },
        },
      },
      etc: { 'secret.md': 'outside\n' },
    });
    await fs.mkdir('/lib/tool/scripts');
    await fs.writeFile('/lib/tool/scripts/run.sh', '#!/bin/sh\n', { executable: true });
    const skills = (await discoverSkills({ roots: ['/lib'], cacheDir: false, fs })).skills;
    // The out folder is the skill's own: its copies land inside the folder they copy.
    const options = { target: 'agents-dir' as const, outDir: '/lib/tool', fs };
    const r = await exportSkills(skills, options);
    const copy = '.agents/skills/tool';
    assert.deepEqual(r.written, [
      `${copy}/SKILL.md`,
      `${copy}/alias.md`,
      `${copy}/scripts/run.sh`,
      MANIFEST_FILE,
    ]);
    assert.deepEqual(
      r.warnings.map((w) => w.replace(/ in \S+/, '')),
      [
        'gone.md is a dangling link; not copied',
        'secret.md links outside the skill folder; not copied',
      ],
    );
    const mode = async (f: FileSystem, p: string) => (await f.stat(p)).mode & 0o111;
    assert.notEqual(await mode(fs, `/lib/tool/${copy}/scripts/run.sh`), 0);
    assert.equal(await mode(fs, `/lib/tool/${copy}/SKILL.md`), 0);
    const again = await exportSkills(
      (await discoverSkills({ roots: ['/lib'], cacheDir: false, fs })).skills,
      options,
    );
    // Neither its own copies nor its own manifest are copied again: a second run changes nothing.
    assert.deepEqual(again.written, []);
    assert.deepEqual(again.removed, []);
    assert.equal(await statIfThere(fs, `/lib/tool/${copy}/${MANIFEST_FILE}`), undefined);
  });

  it('stops on a manifest it cannot read, and starts a new one with --force', async () => {
    const out = temp();
    writeFileSync(path.join(out, MANIFEST_FILE), '{ not json');
    await assert.rejects(
      exportSkills([], { target: 'cursor', outDir: out }),
      (e: unknown) => e instanceof SkillsetError && e.code === 'export/unreadable-manifest',
    );
    const r = await exportSkills([], { target: 'cursor', outDir: out, force: true });
    assert.match(r.warnings[0] ?? '', /cannot be read/);
  });

  it('never trusts the manifest with a path outside its target', async () => {
    const t = temp();
    const out = path.join(t, 'out');
    mkdirSync(out);
    const victim = path.join(t, 'victim.txt');
    writeFileSync(victim, 'keep\n');
    const hash = (await import('./manifest.js')).sha256(Buffer.from('keep\n'));
    writeFileSync(
      path.join(out, MANIFEST_FILE),
      JSON.stringify({
        version: 1,
        targets: { cursor: { '../victim.txt': hash, '.cursor/rules/../../../victim.txt': hash } },
      }),
    );
    const r = await exportSkills([], { target: 'cursor', outDir: out, force: true });
    assert.deepEqual(r.removed, []);
    assert.equal(r.warnings.length, 2);
    assert.equal(readFileSync(victim, 'utf8'), 'keep\n');
  });

  it('refuses an out path that is a file, and an unknown target', async () => {
    const file = path.join(temp(), 'f');
    writeFileSync(file, '');
    await assert.rejects(exportSkills([], { target: 'cursor', outDir: file }), /is not a folder/);
    await assert.rejects(
      exportSkills([], { target: 'windsurf' as ExportTarget, outDir: temp() }),
      (e: unknown) => e instanceof SkillsetError && e.code === 'usage/unknown-target',
    );
  });
});
