import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Scope, Skill } from '../skill/types.js';
import { emptyManifest } from './manifest.js';
import { exportCandidates, exportSources } from './sources.js';

/** A skill named `name` found under `root` in `scope`. */
function skill(name: string, root: string, scope: Scope): Skill {
  return {
    id: name,
    name,
    description: `${name} from ${root}`,
    path: `${root}/${name}/SKILL.md`,
    dir: `${root}/${name}`,
    source: { scope, root },
    frontmatter: {},
  } as unknown as Skill;
}

describe('exportCandidates', () => {
  const user = '/home/me/.claude/skills';
  const project = '/p/.claude/skills';
  const copies = '/p/.agents/skills';

  it("keeps the project's skills only when the standard scopes were read, the one a user skill shadows included", () => {
    // Claude Code's order: the user's skill wins the clash, the project's is shadowed.
    const d = {
      skills: [skill('deploy', user, 'user'), skill('notes', user, 'user')],
      shadowed: [skill('deploy', project, 'project')],
      roots: [{ path: user }, { path: project }],
    };
    assert.deepEqual(
      exportCandidates(d, true).map((s) => s.description),
      ['deploy from /p/.claude/skills'],
    );
    assert.equal(exportCandidates(d, false).length, 3);
  });

  it('orders candidates by their root, so the first of an id is the one discovery would pick', () => {
    const d = {
      skills: [skill('deploy', copies, 'project')],
      shadowed: [skill('deploy', project, 'project')],
      roots: [{ path: copies }, { path: project }],
    };
    assert.deepEqual(
      exportCandidates(d, true).map((s) => s.dir),
      ['/p/.agents/skills/deploy', '/p/.claude/skills/deploy'],
    );
  });
});

describe('exportSources', () => {
  it('passes over a file an export wrote, for the source behind it, and takes each id once', () => {
    const manifest = emptyManifest();
    manifest.targets['agents-dir'] = { '.agents/skills/deploy/SKILL.md': 'a'.repeat(64) };
    const given = [
      skill('deploy', '/p/.agents/skills', 'project'),
      skill('deploy', '/p/.claude/skills', 'project'),
      skill('deploy', '/p/more', 'project'),
    ];
    assert.deepEqual(
      exportSources(given, manifest, ['/p']).map((s) => s.dir),
      ['/p/.claude/skills/deploy'],
    );
    // With nothing recorded, the copy is the skill (one of the user's own in .agents/skills).
    assert.deepEqual(
      exportSources(given, emptyManifest(), ['/p']).map((s) => s.dir),
      ['/p/.agents/skills/deploy'],
    );
  });
});
