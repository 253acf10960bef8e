// The trees of one run: the skills of one repository at one commit share one shallow fetch, and
// closing the set removes every folder it fetched. A real repository, fetched over file://.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import { nodeFileSystem } from '../files/fs.js';
import { tempFolders } from '../test-support/temp.js';
import { fetchedTrees } from './stage.js';

const temp = tempFolders('skillset-stage-');

function git(dir: string, ...args: string[]): string {
  const r = spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
    cwd: dir,
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.trim();
}

it('fetches a source once per commit, and removes what it fetched on close', async () => {
  const repo = temp();
  git(repo, 'init', '-q', '-b', 'main');
  for (const name of ['one', 'two']) {
    mkdirSync(path.join(repo, name));
    writeFileSync(path.join(repo, name, 'SKILL.md'), `---\nname: ${name}\ndescription: d\n---\n`);
  }
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'first');
  const first = git(repo, 'rev-parse', 'HEAD');
  writeFileSync(path.join(repo, 'one', 'SKILL.md'), '---\nname: one\ndescription: e\n---\n');
  git(repo, 'commit', '-qam', 'second');
  const url = `file://${repo}`;
  const source = { kind: 'git' as const, spec: url, url, subpath: '' };
  const trees = fetchedTrees(nodeFileSystem);
  const a = await trees.get(source, { commit: first });
  const b = await trees.get(source, { commit: first });
  const c = await trees.get(source, { commit: git(repo, 'rev-parse', 'HEAD') });
  assert.equal(a, b);
  assert.notEqual(a.dir, c.dir);
  assert.ok(existsSync(path.join(a.dir, 'two', 'SKILL.md')));
  await trees.close();
  assert.equal(existsSync(a.dir), false);
  assert.equal(existsSync(c.dir), false);
});
