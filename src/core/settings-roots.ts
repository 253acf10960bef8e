// The caller's input checked, and the roots it names resolved and checked to be folders.

import nodeFs from 'node:fs';
import path from 'node:path';
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
import { AGENTS } from '../discover/agents.js';
import { SkillsetError } from '../errors.js';
import type { FileSystem } from '../files/fs.js';
import type { SettingsInput } from './settings.js';

/** Throw a usage error (with its hint) unless `ok`. */
function check(ok: boolean, code: string, message: string, hint?: string): void {
  if (!ok) throw new SkillsetError(code, message, hint ? { hint } : {});
}

/** Throw a usage error for an option outside its values: depth, precedence, agent, profile. */
export function checkOptions(input: SettingsInput): void {
  check(
    input.maxDepth === undefined || (Number.isInteger(input.maxDepth) && input.maxDepth >= 0),
    'usage/invalid-option',
    `maxDepth takes a whole number, got \`${input.maxDepth}\``,
  );
  check(
    input.precedence === undefined || ['default', 'claude-code'].includes(input.precedence),
    'usage/invalid-option',
    `precedence is \`default\` or \`claude-code\`, got \`${input.precedence}\``,
  );
  check(
    input.agent === undefined || (AGENTS as readonly string[]).includes(input.agent),
    'usage/invalid-option',
    `agent is one of ${AGENTS.join(', ')}; got \`${input.agent}\``,
  );
  check(
    input.profile === undefined || ['spec', 'recommended', 'security'].includes(input.profile),
    'usage/invalid-option',
    `profile is \`spec\`, \`recommended\` or \`security\`, got \`${input.profile}\``,
  );
}

/** The folders the caller named, made absolute: the roots as given, the roots read, the added folders. */
export interface ResolvedRoots {
  /** The roots as given (files among them when `filesAsSkills`). */
  given: string[];
  /** The roots read: with `filesAsSkills`, the skills holding the files given. */
  roots: string[];
  /** The folders added to the standard scopes. */
  addDirs: string[];
}

/** Resolve the roots and added folders against `cwd`; an empty path is a usage error. */
export function resolveRoots(
  input: SettingsInput,
  cwd: string,
  diagnostics: Diagnostic[],
): ResolvedRoots {
  // An empty path (an unset shell variable) would mean the working folder, searched whole.
  for (const r of [...(input.roots ?? []), ...(input.addDirs ?? [])])
    check(
      r.trim() !== '',
      'usage/missing-root',
      'An empty path was given',
      'Pass a folder (or, for lint, a file); an unset variable in a script gives an empty one.',
    );
  const given = (input.roots ?? []).map((r) => path.resolve(cwd, r));
  const roots = input.filesAsSkills ? skillFolders(given, diagnostics) : given;
  const addDirs = (input.addDirs ?? []).map((r) => path.resolve(cwd, r));
  return { given, roots, addDirs };
}

/** Throw a usage error unless every folder exists and is a folder, as seen through `fs`. */
export async function checkFolders(
  fs: FileSystem,
  folders: readonly string[],
  filesAsSkills: boolean | undefined,
): Promise<void> {
  for (const r of folders) {
    let st: Awaited<ReturnType<FileSystem['stat']>>;
    try {
      st = await fs.stat(r);
    } catch {
      throw new SkillsetError(
        'usage/missing-root',
        filesAsSkills ? `No such file or folder: ${r}` : `No such folder: ${r}`,
        {
          hint: filesAsSkills
            ? 'Pass skill folders, or files inside skills.'
            : 'Pass a folder that holds skills (folders with a SKILL.md).',
        },
      );
    }
    check(
      st.kind === 'dir',
      'usage/missing-root',
      `Not a folder: ${r}`,
      'Pass the folder that holds the SKILL.md, not the file.',
    );
  }
}

/** Files → the folders of the skills holding them (deduplicated, in order); folders pass through. */
function skillFolders(paths: readonly string[], diagnostics: Diagnostic[]): string[] {
  const out: string[] = [];
  for (const p of paths) {
    let st: nodeFs.Stats | undefined;
    try {
      st = nodeFs.statSync(p);
    } catch {
      st = undefined;
    }
    if (!st || st.isDirectory()) {
      if (!out.includes(p)) out.push(p); // a folder, or missing: checked as a root
      continue;
    }
    const dir = skillFolderOf(p);
    if (dir === undefined)
      diagnostics.push(
        diagnostic(
          'lint/file-outside-skills',
          'warning',
          p,
          'This file is in no skill (no folder above it holds a SKILL.md); not linted',
        ),
      );
    else if (!out.includes(dir)) out.push(dir);
  }
  return out;
}

/** The nearest folder above a file that holds a SKILL.md, if any. */
function skillFolderOf(file: string): string | undefined {
  let dir = path.dirname(file);
  for (;;) {
    if (nodeFs.existsSync(path.join(dir, 'SKILL.md'))) return dir;
    const up = path.dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}
