// Stage 6, Load: the only stage with effects. It reads each budgeted skill's file, checks it against
// the content hash it was scored with (a file changed since is loaded as it is now, and reported),
// resolves its `@import` lines, and lists the skill folder's other files (`references/`, `scripts/`,
// assets) without reading them.

import path from 'node:path';
import { type ImportedFile, resolveImports } from '../compose/imports.js';
import { composeBodies } from '../compose/sections.js';
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
import { type BodySource, readSkillBody, type SkillBody } from '../discover/body.js';
import { type FileSystem, nodeFileSystem } from '../discover/fs.js';
import { DEFAULT_MAX_FILE_BYTES } from '../discover/read.js';
import { SKIPPED_FOLDERS } from '../discover/walk.js';
import type { Candidate, StageDecision } from './types.js';

/** A loaded skill. */
export interface LoadedSkill {
  id: string;
  name: string;
  path: string;
  tier: Candidate['tier'];
  score: number;
  /** The body, without front matter and `@import` lines; composed over its parents when it extends them. */
  body: string;
  /** Its imports, each its own block. */
  imports: ImportedFile[];
  /** The skill folder's other files (`references/`, `scripts/`, …), relative to it, sorted: available, not read. */
  resources: string[];
  /** Files past the listing's cap (`MAX_RESOURCES`), not listed. */
  moreResources: number;
  contentHash: string;
  /** The file changed between scoring and loading. */
  changed: boolean;
  /** Every SKILL.md composed, as read now: the skill, then each `extends` parent. */
  sources: Array<{ file: string; contentHash: string }>;
}

/** What Load needs. */
export interface LoadOptions {
  fs?: FileSystem;
  /** The project root imports may resolve against (default: none beyond the skill folder). */
  projectRoot?: string;
  maxBytes?: number;
  /** The skills by SKILL.md path: a body is then read from the real file discovery confined. */
  skills?: ReadonlyMap<string, BodySource>;
}

/** How many of a skill folder's files a load lists at most. */
export const MAX_RESOURCES = 100;

/**
 * The files of a skill folder other than its SKILL.md, relative to it and sorted, without reading
 * them: at most `limit`, and how many more there are (counted up to 10,000).
 */
export async function listResources(
  fs: FileSystem,
  dir: string,
  skillFile: string,
  limit = MAX_RESOURCES,
): Promise<{ files: string[]; more: number }> {
  const files: string[] = [];
  let more = 0;
  const walk = async (d: string, depth: number): Promise<void> => {
    let entries: Awaited<ReturnType<FileSystem['readdir']>>;
    try {
      entries = await fs.readdir(d);
    } catch {
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      if (files.length + more >= 10_000) return;
      const p = path.join(d, e.name);
      if (e.kind === 'dir' && depth < 8 && !SKIPPED_FOLDERS.has(e.name)) await walk(p, depth + 1);
      else if (e.kind === 'file' && p !== skillFile) {
        if (files.length < limit) files.push(path.relative(dir, p).split(path.sep).join('/'));
        else more++;
      }
    }
  };
  await walk(dir, 0);
  return { files, more };
}

/** Load `candidates` (Budget's load set, in order). */
export async function loadStage(
  candidates: readonly Candidate[],
  options: LoadOptions = {},
): Promise<{ loaded: LoadedSkill[]; decisions: StageDecision[]; diagnostics: Diagnostic[] }> {
  const fs = options.fs ?? nodeFileSystem;
  const loaded: LoadedSkill[] = [];
  const decisions: StageDecision[] = [];
  const diagnostics: Diagnostic[] = [];
  const read = (file: string, contentHash: string) =>
    readSkillBody(
      { ...options.skills?.get(file), path: file, contentHash },
      { fs, maxFileBytes: options.maxBytes ?? DEFAULT_MAX_FILE_BYTES },
    );
  for (const c of candidates) {
    let own: SkillBody;
    try {
      own = await read(c.path, c.contentHash);
    } catch (e) {
      diagnostics.push(
        diagnostic(
          'select/unreadable',
          'error',
          c.path,
          `The skill could not be read to load it (${(e as Error).message}); not loaded`,
        ),
      );
      decisions.push({
        stage: 'load',
        id: c.id,
        outcome: 'dropped',
        reason: `unreadable: ${(e as Error).message}`,
      });
      continue;
    }
    const { contentHash, changed } = own;
    if (changed)
      diagnostics.push(
        diagnostic(
          'select/changed-since-scored',
          'warning',
          c.path,
          'The skill changed between scoring and loading; loaded as it is now',
        ),
      );
    // The skill's body, composed over its parents' when it extends them (each file's imports
    // resolved against its own folder, then the sections merged from the farthest parent down).
    const files: Array<{ file: string; body: SkillBody }> = [{ file: c.path, body: own }];
    for (const parent of (c.chain ?? []).slice(1)) {
      // A parent was not scored: no hash to hold it to, so it is read (and parsed) as it is.
      const body = await read(parent, '').catch(() => undefined);
      if (body) files.push({ file: parent, body });
      else
        diagnostics.push(
          diagnostic(
            'select/unreadable',
            'error',
            parent,
            `The skill \`${c.id}\` extends could not be read; composed without it`,
          ),
        );
    }
    const texts: string[] = [];
    const imports: ImportedFile[] = [];
    for (const f of files) {
      const dir = path.dirname(f.file);
      const r = await resolveImports(f.body.body, f.file, f.body.bodyLine, {
        roots: options.projectRoot ? [dir, options.projectRoot] : [dir],
        fs,
      });
      diagnostics.push(...r.diagnostics);
      texts.push(r.text);
      imports.push(...r.imports);
    }
    const dir = path.dirname(c.path);
    // Files the body imports are in it already: the listing names the others.
    const imported = new Set(imports.map((i) => i.file));
    const all = await listResources(fs, dir, c.path);
    const resources = {
      files: all.files.filter((f) => !imported.has(path.join(dir, f))),
      more: all.more,
    };
    loaded.push({
      id: c.id,
      name: c.name,
      path: c.path,
      tier: c.tier,
      score: c.score,
      body: composeBodies(texts),
      imports,
      resources: resources.files,
      moreResources: resources.more,
      contentHash,
      changed,
      sources: files.map((f) => ({ file: f.file, contentHash: f.body.contentHash })),
    });
    decisions.push({
      stage: 'load',
      id: c.id,
      outcome: 'kept',
      reason: `loaded${changed ? ' (changed since scoring)' : ''}; ${imports.length} import(s), ${resources.files.length + resources.more} other file(s) listed`,
    });
  }
  return { loaded, decisions, diagnostics };
}
