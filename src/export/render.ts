// Render a target: the files it wants for the entries, given what the out folder holds (AGENTS.md,
// earlier copies). Each target's module renders; the engine lends it the out folder and folder copies.

import { exportTarget } from '../agents/registry.js';
import type { RenderContext, Rendered, SkillFolderFile } from '../agents/types.js';
import type { FileSystem } from '../files/fs.js';
import { agentsDirFiles, readSkillFolder } from './agents-dir.js';
import { outPath, readExisting, statIfThere } from './fs.js';
import { MANIFEST_FILE } from './manifest.js';
import type { ExportEntry, ExportOptions } from './types.js';

/** What of the out folder a skill folder may hold and is never read: the copies under `base`, and the manifest. */
async function exclusions(
  fs: FileSystem,
  outDir: string,
  base: string,
): Promise<{ folder?: string; file?: string }> {
  const baseAt = outPath(outDir, base);
  const baseReal =
    (await statIfThere(fs, baseAt))?.kind === 'dir' ? await fs.realpath(baseAt) : undefined;
  // The export's own record, when a skill folder holds the out folder: a copy of it would change
  // with every run, and the export would never settle.
  const manifestAt = outPath(outDir, MANIFEST_FILE);
  const manifest =
    (await statIfThere(fs, manifestAt))?.kind === 'file'
      ? await fs.realpath(manifestAt)
      : undefined;
  return { ...(baseReal ? { folder: baseReal } : {}), ...(manifest ? { file: manifest } : {}) };
}

/** Each entry's skill folder copied under `<base>/<stem>/`; a folder read in place, or unreadable, is kept as it is. */
async function copyFolders(
  fs: FileSystem,
  outDir: string,
  entries: readonly ExportEntry[],
  base: string,
  warnings: string[],
): Promise<Rendered> {
  const out: Rendered = { desired: [], refused: [], keep: [] };
  const exclude = await exclusions(fs, outDir, base);
  for (const entry of entries) {
    const dest = `${base}/${entry.stem}`;
    let source: string;
    try {
      source = await fs.realpath(entry.skill.dir);
    } catch (e) {
      warnings.push(
        `${entry.skill.dir} cannot be read (${(e as NodeJS.ErrnoException).code}); its copy is left as it is`,
      );
      out.keep.push(dest);
      continue;
    }
    const destReal =
      (await statIfThere(fs, outPath(outDir, dest)))?.kind === 'dir'
        ? await fs.realpath(outPath(outDir, dest))
        : undefined;
    if (destReal === source) {
      warnings.push(`${entry.skill.id} is read from ${dest} itself; left in place`);
      out.keep.push(dest);
      continue;
    }
    const folder = await readSkillFolder(fs, source, (m) => warnings.push(m), exclude).catch(
      (e: NodeJS.ErrnoException) => {
        warnings.push(
          `${entry.skill.dir} cannot be read (${e.code ?? e.message}); its copy is left as it is`,
        );
        return undefined;
      },
    );
    if (folder === undefined) out.keep.push(dest);
    else out.desired.push(...agentsDirFiles(entry, folder, base));
  }
  return out;
}

/** One entry's skill folder, read as copyFolders reads it; undefined, with a warning, when it cannot be. */
async function readFolder(
  fs: FileSystem,
  outDir: string,
  entry: ExportEntry,
  base: string,
  warnings: string[],
): Promise<SkillFolderFile[] | undefined> {
  const exclude = await exclusions(fs, outDir, base);
  return readSkillFolder(fs, entry.skill.dir, (m) => warnings.push(m), exclude).catch(
    (e: NodeJS.ErrnoException) => {
      warnings.push(`${entry.skill.dir} cannot be read (${e.code ?? e.message}); not exported`);
      return undefined;
    },
  );
}

/** The files `options.target` wants for `entries`; notes go to `warnings`. */
export async function renderTarget(
  fs: FileSystem,
  outDir: string,
  entries: readonly ExportEntry[],
  options: ExportOptions,
  warnings: string[],
): Promise<Rendered> {
  const target = exportTarget(options.target);
  if (target === undefined) return { desired: [], refused: [], keep: [] };
  const ctx: RenderContext = {
    alwaysApply: options.alwaysApply === true,
    ...(options.agentsMdMaxBytes !== undefined
      ? { agentsMdMaxBytes: options.agentsMdMaxBytes }
      : {}),
    readExisting: (rel) => readExisting(fs, outPath(outDir, rel)),
    copyFolders: (list, base) => copyFolders(fs, outDir, list, base, warnings),
    readFolder: (entry) => readFolder(fs, outDir, entry, target.base, warnings),
    warn: (message) => warnings.push(message),
  };
  return target.render(entries, ctx);
}
