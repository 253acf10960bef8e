import assert from 'node:assert/strict';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { age, old } from '../test-support/aged.js';
import { type DiscoverOptions, discoverSkills } from './discover.js';

const skill = (description: string): string =>
  `---\ndescription: ${description}\n---\nBody of ${description}\n`;

/** Two roots, a project's and a user's: a clash inside one, a skill shadowed, a file reached twice. */
function roots(): { project: string; user: string; cacheDir: string; options: DiscoverOptions } {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'skillset-catalog-'));
  const project = path.join(tmp, 'project');
  const user = path.join(tmp, 'user');
  const files: Record<string, string> = {
    [`${project}/a/review`]: skill('review in the project'),
    [`${project}/b/review`]: skill('another review'),
    [`${project}/deploy`]: skill('deploy'),
    [`${user}/deploy`]: skill('deploy, the user one'),
    [`${user}/notes`]: skill('notes'),
  };
  for (const [dir, text] of Object.entries(files)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'SKILL.md'), text);
  }
  age(tmp);
  const cacheDir = path.join(tmp, 'cache');
  return {
    project,
    user,
    cacheDir,
    options: {
      roots: [
        { path: project, scope: 'project', recursive: true },
        { path: user, scope: 'user', recursive: true },
        // The same files again, through a root inside the first: duplicates collapse.
        { path: path.join(project, 'a'), scope: 'additional', recursive: true },
      ],
    },
  };
}

const run = async (o: DiscoverOptions, cacheDir: string | false) =>
  JSON.stringify(await discoverSkills({ ...o, cacheDir }));
const catalogs = (cacheDir: string) =>
  readdirSync(cacheDir).filter((f) => f.startsWith('catalog-'));

describe('the catalog snapshot', () => {
  it('gives what resolution gives, and answers once every root holds', async () => {
    const { cacheDir, options } = roots();
    const cold = await run(options, false);
    assert.match(cold, /"kind":"shadowed"/);
    assert.match(cold, /"kind":"qualified"/);
    assert.match(cold, /"kind":"duplicate"/);
    assert.equal(await run(options, cacheDir), cold, 'first run: the roots are scanned');
    assert.deepEqual(catalogs(cacheDir), [], 'kept only from roots that were snapshots');
    assert.equal(await run(options, cacheDir), cold, 'second run: the root snapshots');
    assert.equal(catalogs(cacheDir).length, 1);
    assert.equal(await run(options, cacheDir), cold, 'third run: the catalog');
    // The kept catalog is what answers: a decision written into it comes back.
    const file = path.join(cacheDir, catalogs(cacheDir)[0] as string);
    const kept = JSON.parse(readFileSync(file, 'latin1'));
    kept.decisions.push({ kind: 'duplicate', path: '/x', id: 'x', reason: 'marker' });
    writeFileSync(file, JSON.stringify(kept));
    assert.match(await run(options, cacheDir), /marker/);
  });

  it('is not used once a root changed', async () => {
    const { user, cacheDir, options } = roots();
    await run(options, cacheDir);
    await run(options, cacheDir);
    await run(options, cacheDir);
    writeFileSync(path.join(user, 'notes', 'SKILL.md'), skill('notes, edited'));
    utimesSync(path.join(user, 'notes', 'SKILL.md'), old, new Date(old.getTime() + 1000));
    const cold = await run(options, false);
    assert.match(cold, /notes, edited/);
    for (let i = 0; i < 3; i++) assert.equal(await run(options, cacheDir), cold, `run ${i}`);
    // A root gone: its place is a diagnostic, not a kept catalog.
    const gone = { ...options, roots: [...(options.roots ?? []), path.join(user, 'missing')] };
    const coldGone = await run(gone, false);
    for (let i = 0; i < 3; i++) assert.equal(await run(gone, cacheDir), coldGone, `gone ${i}`);
  });

  it('is not kept while a root has files read every time', async () => {
    const { project, cacheDir, options } = roots();
    mkdirSync(path.join(project, 'linked'));
    // A checkout without links writes a link as a file holding its target.
    writeFileSync(path.join(project, 'linked', 'SKILL.md'), '../deploy/SKILL.md');
    age(path.join(project, 'linked'));
    utimesSync(project, old, new Date(old.getTime() + 1000));
    const cold = await run(options, false);
    for (let i = 0; i < 3; i++) assert.equal(await run(options, cacheDir), cold, `run ${i}`);
    assert.deepEqual(catalogs(cacheDir), []);
  });

  it('takes the usual way when its file is damaged', async () => {
    const { cacheDir, options } = roots();
    const cold = await run(options, false);
    for (let i = 0; i < 3; i++) await run(options, cacheDir);
    const file = path.join(cacheDir, catalogs(cacheDir)[0] as string);
    const good = readFileSync(file, 'latin1');
    const c = JSON.parse(good);
    for (const text of [
      good.slice(0, good.length / 2),
      'null',
      JSON.stringify({ ...c, version: 0 }),
      JSON.stringify({ ...c, scans: [] }),
      JSON.stringify({ ...c, skills: { ...c.skills, found: c.skills.found.map(() => 999) } }),
      JSON.stringify({ ...c, skills: { ...c.skills, root: c.skills.root.map(() => 9) } }),
      JSON.stringify({ ...c, skills: { ...c.skills, id: c.skills.id.map(() => 7) } }),
      JSON.stringify({ ...c, shadowed: null }),
      JSON.stringify({ ...c, diagnostics: {} }),
    ]) {
      writeFileSync(file, text);
      assert.equal(await run(options, cacheDir), cold, text.slice(0, 60));
    }
  });
});
