// Libraries of skills with `@import`ed files, in memory, for the selection tests: each skill a real
// SKILL.md with its content hash, its candidate sized as Resolve sizes it (body and parents).

import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { createMemoryFileSystem, type MemoryTree } from '../files/memory-fs.js';
import type { Candidate } from '../select/types.js';
import type { Tier } from '../skill/types.js';

/** One generated skill: its body, the files it imports (names in the shared folder) and a parent. */
export interface SkillSpec {
  id: string;
  tier: Tier;
  body: number;
  imports: number[];
  /** The index of another skill it extends. */
  parent?: number;
}

/** One imported file: its size, what it imports in turn, and whether it is multi-byte text. */
export interface FileSpec {
  size: number;
  imports: number[];
  wide: boolean;
}

const TIERS: readonly Tier[] = ['critical', 'standard', 'optional'];

/** Text of about `size` bytes: ASCII, or with two- to four-byte characters. */
const filler = (size: number, wide: boolean): string =>
  wide ? 'é€😀 '.repeat(Math.ceil(size / 10)) : 'x'.repeat(size);

/** Generated libraries: skills importing shared files (nested, repeated, multi-byte), some extending others. */
export const importLibraryArb = fc
  .record({
    files: fc.array(
      fc.record({
        size: fc.integer({ min: 0, max: 3000 }),
        imports: fc.array(fc.nat(7), { maxLength: 4 }),
        wide: fc.boolean(),
      }),
      { minLength: 1, maxLength: 8 },
    ),
    skills: fc.uniqueArray(
      fc.record({
        id: fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/),
        tier: fc.constantFrom(...TIERS),
        body: fc.integer({ min: 0, max: 2000 }),
        imports: fc.array(fc.nat(7), { maxLength: 6 }),
        parent: fc.option(fc.nat(9), { nil: undefined }),
      }),
      { selector: (s) => s.id, minLength: 1, maxLength: 10 },
    ),
  })
  .map(({ files, skills }) => ({
    files: files satisfies FileSpec[],
    skills: skills.map((s, i): SkillSpec => {
      const { parent, ...rest } = s;
      return parent !== undefined && parent < skills.length && parent !== i
        ? { ...rest, parent }
        : rest;
    }),
  }));

/**
 * The library on a memory file system under /lib (the project root imports resolve against), and each
 * skill's candidate, sized as Resolve sizes it.
 */
export function importLibrary(lib: { files: FileSpec[]; skills: SkillSpec[] }): {
  fs: ReturnType<typeof createMemoryFileSystem>;
  candidates: Candidate[];
} {
  const shared: MemoryTree = {};
  const name = (i: number) => `f${i % lib.files.length}.md`;
  lib.files.forEach((f, i) => {
    shared[name(i)] =
      `${f.imports.map((j) => `@import shared/${name(j)}\n`).join('')}${filler(f.size, f.wide)}\n`;
  });
  const tree: MemoryTree = { lib: { shared } };
  const bodies = lib.skills.map(
    (s) =>
      `# ${s.id}\n${s.imports.map((j) => `@import shared/${name(j)}\n`).join('')}${'b'.repeat(s.body)}\n`,
  );
  const head = (id: string, parent?: string) =>
    `---\nname: ${id}\ndescription: Use for ${id}.\n${parent ? `extends: ${parent}\n` : ''}---\n`;
  const candidates = lib.skills.map((s, i) => {
    const parent = s.parent !== undefined ? lib.skills[s.parent] : undefined;
    const text = head(s.id, parent?.id) + bodies[i];
    (tree.lib as MemoryTree)[s.id] = { 'SKILL.md': text };
    const own = Buffer.byteLength(bodies[i] as string);
    // Resolve sizes a skill with a parent as both bodies (one level here; the parent's own parent aside).
    const chars = own + (parent ? Buffer.byteLength(bodies[s.parent as number] as string) : 0);
    return {
      id: s.id,
      name: s.id,
      path: `/lib/${s.id}/SKILL.md`,
      scope: 'project' as const,
      score: 80,
      tier: s.tier,
      chars,
      tokens: Math.ceil(chars / 4),
      contentHash: createHash('sha256').update(text).digest('hex'),
      ...(parent ? { chain: [`/lib/${s.id}/SKILL.md`, `/lib/${parent.id}/SKILL.md`] } : {}),
    };
  });
  return { fs: createMemoryFileSystem(tree), candidates };
}
