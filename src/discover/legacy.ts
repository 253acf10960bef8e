// Legacy commands (`.claude/commands/*.md` and one level of subfolders): each file is a skill named by its path.

import path from 'node:path';
import { freeze, type RootScan } from '../catalog/resolve.js';
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
import { errorCode, type FileSystem } from '../files/fs.js';
import type { ParsedSkillFile } from '../skill/types.js';
import { readFoundSkill } from './read.js';
import { SkillRecord } from './record.js';
import type { RootSpec } from './scopes.js';
import type { FoundSkill } from './walk.js';

/** A legacy command file and the skill name its path gives it. */
interface CommandFile {
  file: string;
  name: string;
}

/** The diagnostic for a commands folder that could not be read. */
function unreadable(dir: string, e: unknown): Diagnostic {
  return diagnostic(
    'discover/unreadable-folder',
    'warning',
    dir,
    `Folder could not be read (${errorCode(e) ?? String(e)}); commands in it are not loaded`,
    { data: { code: errorCode(e) } },
  );
}

/** Read a legacy commands folder. An unreadable folder is a diagnostic, never a failed discovery. */
export async function scanLegacy(
  fs: FileSystem,
  spec: RootSpec,
  realRoot: string,
  maxBytes: number,
): Promise<RootScan> {
  const out: RootScan = { candidates: [], diagnostics: [] };
  let top: Awaited<ReturnType<FileSystem['readdir']>>;
  try {
    top = await fs.readdir(spec.path);
  } catch (e) {
    return { candidates: [], diagnostics: [unreadable(spec.path, e)] };
  }
  const files = await commandFiles(fs, spec.path, top, out.diagnostics);
  for (const [order, f] of files.entries()) {
    const found: FoundSkill = {
      file: f.file,
      dir: path.dirname(f.file),
      rel: '',
      realDir: path.join(realRoot, path.relative(spec.path, path.dirname(f.file))),
      kind: 'file',
    };
    const r = await readFoundSkill(fs, found, realRoot, maxBytes, undefined);
    if (!r.ok) {
      out.diagnostics.push(...r.diagnostics);
      continue;
    }
    const skill = new SkillRecord(
      commandFrontmatter(r.parsed),
      spec,
      f.file,
      f.name,
      `${found.realDir}/${path.basename(f.file)}`,
      r.diagnostics,
    );
    out.candidates.push({
      skill: freeze(skill.withChanges({ dir: path.dirname(f.file) })),
      order,
      direct: true,
      rel: '',
    });
  }
  return out;
}

/** The `.md` files of a commands folder (entries `top`) and of its subfolders, in name order. */
async function commandFiles(
  fs: FileSystem,
  root: string,
  top: Awaited<ReturnType<FileSystem['readdir']>>,
  diagnostics: Diagnostic[],
): Promise<CommandFile[]> {
  const files: CommandFile[] = [];
  top.sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const e of top) {
    if (e.kind === 'file' && e.name.endsWith('.md'))
      files.push({ file: path.join(root, e.name), name: e.name.slice(0, -3) });
    if (e.kind === 'dir') {
      const dir = path.join(root, e.name);
      const sub = await fs.readdir(dir).catch((err: unknown) => {
        diagnostics.push(unreadable(dir, err));
        return [];
      });
      sub.sort((a, b) => (a.name < b.name ? -1 : 1));
      for (const s of sub) {
        if (s.kind === 'file' && s.name.endsWith('.md'))
          files.push({
            file: path.join(root, e.name, s.name),
            name: `${e.name}:${s.name.slice(0, -3)}`,
          });
      }
    }
  }
  return files;
}

/**
 * A command file as a skill file: legacy commands ignore `name` and `paths` (the file name is the
 * name, and they are always listed).
 */
function commandFrontmatter(p: ParsedSkillFile): ParsedSkillFile {
  // Every field is read out by name: a compact record's front matter sits behind getters a spread skips.
  const { name: _n, paths: _p, ...frontmatter } = p.frontmatter;
  return {
    loadable: p.loadable,
    frontmatter,
    raw: p.raw,
    positions: p.positions,
    scalarSources: p.scalarSources,
    description: p.description,
    descriptionSource: p.descriptionSource,
    contentHash: p.contentHash,
    bytes: p.bytes,
    bodyOffset: p.bodyOffset,
    bodyLine: p.bodyLine,
    diagnostics: p.diagnostics,
  };
}
