// The standard scopes and their folders, and the precedence orders between them.

import path from 'node:path';
import { type FileSystem, pathExists } from '../files/fs.js';
import type { RootSpec, Scope } from '../skill/types.js';
import {
  AGENT_PRESETS,
  type AgentPreset,
  CLAUDE_CODE_PRECEDENCE,
  DEFAULT_PRECEDENCE,
} from './agents.js';

export type { RootSpec } from '../skill/types.js';

/** A precedence order: earlier scopes win name clashes. */
export type Precedence = readonly Scope[];

export { CLAUDE_CODE_PRECEDENCE, DEFAULT_PRECEDENCE } from './agents.js';

/** A named preset or an explicit order. */
export function resolvePrecedence(
  p: 'default' | 'claude-code' | Precedence | undefined,
): Precedence {
  if (p === undefined || p === 'default') return DEFAULT_PRECEDENCE;
  if (p === 'claude-code') return CLAUDE_CODE_PRECEDENCE;
  const all = new Set<Scope>(p);
  // Scopes left out of an explicit order come last, in the default order.
  return [...p, ...DEFAULT_PRECEDENCE.filter((s) => !all.has(s))];
}

/** Where the standard scopes are read from. */
export interface ScopeOptions {
  cwd: string;
  home: string;
  /** The administrator folder (default: `SKILLSET_MANAGED_DIR`). */
  managedDir?: string | undefined;
  /** Extra skill folders (scope `additional`). */
  additionalDirs?: readonly string[] | undefined;
  /** Plugin folders, each holding `skills/<name>/SKILL.md`. */
  pluginDirs?: readonly string[] | undefined;
  /** Whose folders to read (default: skillset's own). */
  agent?: AgentPreset | undefined;
}

/** The folders from `cwd` up to the repository root (a folder holding `.git`), or up to but not including home. */
export async function projectFolders(fs: FileSystem, cwd: string, home: string): Promise<string[]> {
  const out: string[] = [];
  let dir = path.resolve(cwd);
  for (;;) {
    if (dir === path.resolve(home)) break;
    out.push(dir);
    if (await pathExists(fs, path.join(dir, '.git'))) break;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return out;
}

async function pluginName(fs: FileSystem, dir: string): Promise<string> {
  try {
    const r = await fs.readFile(path.join(dir, '.claude-plugin', 'plugin.json'), 64 * 1024);
    if (r.ok) {
      const name = (JSON.parse(r.bytes.toString('utf8')) as { name?: unknown }).name;
      if (typeof name === 'string' && name.trim() !== '') return name.trim();
    }
  } catch {
    // no manifest, or an unreadable one: the folder name serves
  }
  return path.basename(dir);
}

/** The roots of every standard scope, closest project folder first. Missing folders are left out (and listed in `absent`). */
export async function standardRoots(
  fs: FileSystem,
  o: ScopeOptions,
  absent?: string[],
): Promise<RootSpec[]> {
  const roots: RootSpec[] = [];
  const preset = o.agent ?? AGENT_PRESETS.skillset;
  const managed = o.managedDir ?? process.env.SKILLSET_MANAGED_DIR ?? preset.managed;
  if (managed) roots.push({ path: path.resolve(o.cwd, managed), scope: 'managed' });
  const project = await projectFolders(fs, o.cwd, o.home);
  const recursive = preset.recursive ? { recursive: true } : {};
  const order = preset.sourceOrder;
  const priority = (scope: 'project' | 'user', folder: string): { priority?: number } => {
    if (!order) return {};
    const i = order.findIndex((x) => x.scope === scope && x.folder === folder);
    return { priority: i < 0 ? order.length : i };
  };
  project.forEach((dir, i) => {
    for (const folder of i === 0 ? preset.project : preset.parents)
      roots.push({
        path: path.join(dir, ...folder.split('/')),
        scope: 'project',
        ...recursive,
        ...priority('project', folder),
      });
  });
  // A source order reads each folder kind across the project folders before the next kind.
  if (order) roots.sort((a, b) => (a.priority ?? -1) - (b.priority ?? -1));
  for (const folder of preset.user)
    roots.push({
      path: path.join(o.home, ...folder.split('/')),
      scope: 'user',
      ...recursive,
      ...priority('user', folder),
    });
  // An added folder is read the way the agent reads a project (its `.claude/skills`…); a folder
  // without any of those is a skills folder itself, searched recursively.
  for (const dir of o.additionalDirs ?? []) {
    const abs = path.resolve(o.cwd, dir);
    const inside: RootSpec[] = [];
    for (const folder of preset.project) {
      const p = path.join(abs, ...folder.split('/'));
      if (await pathExists(fs, p)) inside.push({ path: p, scope: 'additional', ...recursive });
    }
    // An agent reads only its own folders inside an added one; skillset also takes the folder itself.
    if (inside.length > 0) roots.push(...inside);
    else if (preset.name === 'skillset')
      roots.push({ path: abs, scope: 'additional', recursive: true });
  }
  if (preset.legacy)
    for (const dir of project)
      roots.push({ path: path.join(dir, '.claude', 'commands'), scope: 'legacy', legacy: true });
  for (const dir of o.pluginDirs ?? []) {
    const abs = path.resolve(o.cwd, dir);
    roots.push({
      path: path.join(abs, 'skills'),
      scope: 'plugin',
      plugin: await pluginName(fs, abs),
    });
  }
  const present: RootSpec[] = [];
  for (const r of roots)
    if (await pathExists(fs, r.path)) present.push(r);
    else absent?.push(r.path);
  return present;
}

/**
 * Nested scope: the `.claude/skills` and `.agents/skills` folders between each touched file and
 * `cwd` (exclusive), deepest first. Gitignored folders are skipped by the caller's walk.
 */
export async function nestedRoots(
  fs: FileSystem,
  cwd: string,
  touched: readonly string[],
): Promise<RootSpec[]> {
  const base = path.resolve(cwd);
  const seen = new Set<string>();
  const out: Array<{ spec: RootSpec; depth: number }> = [];
  for (const file of touched) {
    let dir = path.dirname(path.resolve(base, file));
    while (dir.startsWith(`${base}${path.sep}`)) {
      for (const sub of ['.agents', '.claude']) {
        const p = path.join(dir, sub, 'skills');
        if (seen.has(p)) continue;
        seen.add(p);
        if (await pathExists(fs, p))
          out.push({ spec: { path: p, scope: 'nested' }, depth: dir.split(path.sep).length });
      }
      dir = path.dirname(dir);
    }
  }
  out.sort((a, b) => b.depth - a.depth || (a.spec.path < b.spec.path ? -1 : 1));
  return out.map((o) => o.spec);
}
