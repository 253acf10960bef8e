import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sha256 } from './manifest.js';
import { type PlanInput, planExport } from './plan.js';
import type { DesiredFile, ExistingFile } from './types.js';

const file = (text: string, executable = false): ExistingFile => ({
  kind: 'file',
  bytes: Buffer.from(text),
  executable,
});
const want = (path: string, text: string, extra: Partial<DesiredFile> = {}): DesiredFile => ({
  path,
  bytes: Buffer.from(text),
  ...extra,
});
const hash = (text: string) => sha256(Buffer.from(text));

function plan(input: Partial<PlanInput>) {
  const p = planExport({
    desired: [],
    existing: new Map(),
    recorded: {},
    force: false,
    ...input,
  });
  return {
    write: p.write.map((w) => (w.modeOnly ? `${w.path} (mode)` : w.path)),
    unchanged: p.unchanged,
    remove: p.remove,
    refused: p.refused.map((r) => `${r.path}: ${r.reason}`),
    files: p.files,
  };
}

describe('planExport', () => {
  it('writes a missing file and records it', () => {
    const p = plan({ desired: [want('r/a.mdc', 'A')] });
    assert.deepEqual(p.write, ['r/a.mdc']);
    assert.deepEqual(p.files, { 'r/a.mdc': hash('A') });
  });

  it('leaves a file already as wanted, recorded or not (it is adopted)', () => {
    const p = plan({
      desired: [want('r/a.mdc', 'A')],
      existing: new Map([['r/a.mdc', file('A')]]),
    });
    assert.deepEqual(p.write, []);
    assert.deepEqual(p.unchanged, ['r/a.mdc']);
    assert.deepEqual(p.files, { 'r/a.mdc': hash('A') });
  });

  it('rewrites a file of ours whose skill changed', () => {
    const p = plan({
      desired: [want('r/a.mdc', 'A2')],
      existing: new Map([['r/a.mdc', file('A1')]]),
      recorded: { 'r/a.mdc': hash('A1') },
    });
    assert.deepEqual(p.write, ['r/a.mdc']);
  });

  it('refuses a file not ours, and one of ours edited since, unless forced', () => {
    const input: Partial<PlanInput> = {
      desired: [want('r/a.mdc', 'A'), want('r/b.mdc', 'B')],
      existing: new Map([
        ['r/a.mdc', file('mine')],
        ['r/b.mdc', file('B edited')],
      ]),
      recorded: { 'r/b.mdc': hash('B') },
    };
    const p = plan(input);
    assert.deepEqual(p.write, []);
    assert.deepEqual(p.refused, [
      'r/a.mdc: not written by skillset export; --force overwrites it',
      'r/b.mdc: edited since skillset exported it; --force overwrites it',
    ]);
    assert.deepEqual(p.files, { 'r/b.mdc': hash('B') }, 'the edited file stays recorded');
    assert.deepEqual(plan({ ...input, force: true }).write, ['r/a.mdc', 'r/b.mdc']);
  });

  it('writes a shared file (AGENTS.md) whenever the splice changed it', () => {
    const p = plan({
      desired: [want('AGENTS.md', 'new', { shared: true })],
      existing: new Map([['AGENTS.md', file('old, never recorded')]]),
    });
    assert.deepEqual(p.write, ['AGENTS.md']);
  });

  it('never writes over a folder, and over a link only when forced (AGENTS.md never)', () => {
    const existing = new Map<string, ExistingFile>([
      ['r/a.mdc', { kind: 'other', what: 'folder' }],
      ['r/b.mdc', { kind: 'other', what: 'link' }],
      ['AGENTS.md', { kind: 'other', what: 'link' }],
    ]);
    const desired = [
      want('r/a.mdc', 'A'),
      want('r/b.mdc', 'B'),
      want('AGENTS.md', 'X', { shared: true }),
    ];
    assert.equal(plan({ desired, existing }).refused.length, 3);
    const forced = plan({ desired, existing, force: true });
    assert.deepEqual(forced.write, ['r/b.mdc']);
    assert.deepEqual(forced.refused, [
      'AGENTS.md: is a link, not a file skillset can write',
      'r/a.mdc: is a folder, not a file skillset can write',
    ]);
  });

  it('sets only the executable bit when the bytes match', () => {
    const p = plan({
      desired: [want('s/x/run.sh', 'echo', { executable: true })],
      existing: new Map([['s/x/run.sh', file('echo', false)]]),
    });
    assert.deepEqual(p.write, ['s/x/run.sh (mode)']);
  });

  it('removes files of ours no skill wants, keeps edited ones, forgets missing ones', () => {
    const input: Partial<PlanInput> = {
      existing: new Map([
        ['r/gone.mdc', file('G')],
        ['r/edited.mdc', file('E edited')],
      ]),
      recorded: { 'r/gone.mdc': hash('G'), 'r/edited.mdc': hash('E'), 'r/missing.mdc': hash('M') },
    };
    const p = plan(input);
    assert.deepEqual(p.remove, ['r/gone.mdc']);
    assert.deepEqual(p.refused, [
      'r/edited.mdc: edited since skillset exported it; not removed (--force removes it)',
    ]);
    assert.deepEqual(p.files, { 'r/edited.mdc': hash('E') });
    assert.deepEqual(plan({ ...input, force: true }).remove, ['r/edited.mdc', 'r/gone.mdc']);
  });

  it('keeps the recorded files under a kept folder as they are', () => {
    const p = plan({
      existing: new Map([['s/a/SKILL.md', file('A')]]),
      recorded: { 's/a/SKILL.md': hash('A'), 's/ab/SKILL.md': hash('B') },
      keep: ['s/a'],
    });
    assert.deepEqual(p.remove, []);
    assert.deepEqual(p.files, { 's/a/SKILL.md': hash('A') });
  });
});
