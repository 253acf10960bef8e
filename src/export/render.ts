// Render a target: the files it wants for the entries, given what the out folder holds (AGENTS.md, earlier copies).

import { agentsDirFiles, readSkillFolder } from './agents-dir.js';
import {
  agentsMdSizeWarning,
  CODEX_AGENTS_MD_MAX_BYTES,
  renderAgentsBlock,
  spliceAgentsMd,
} from './agents-md.js';
import type { ExportEntry } from './entries.js';
import { type ExportFs, outPath, readExisting } from './fs.js';
import { TARGET_BASE } from './manifest.js';
import {
  copilotInstructionsPath,
  cursorRulePath,
  renderCopilotInstructions,
  renderCursorRule,
} from './rules.js';
import type { DesiredFile, ExportOptions, Refusal } from './types.js';

/** What a target wants: files, refusals found while rendering, folders whose old copies stay. */
export interface Rendered {
  desired: DesiredFile[];
  refused: Refusal[];
  keep: string[];
}

async function renderAgentsMd(
  fs: ExportFs,
  outDir: string,
  entries: readonly ExportEntry[],
  max: number,
  warnings: string[],
): Promise<Rendered> {
  const found = await readExisting(fs, outPath(outDir, 'AGENTS.md'));
  const list = entries.map((e) => ({
    name: e.skill.name,
    description: e.skill.description,
    path: e.location,
  }));
  const spliced = spliceAgentsMd(found?.kind === 'file' ? found.bytes : undefined, (eol) =>
    renderAgentsBlock(list, eol),
  );
  if (!spliced.ok)
    return { desired: [], refused: [{ path: 'AGENTS.md', reason: spliced.reason }], keep: [] };
  const size = agentsMdSizeWarning(spliced.bytes.length, spliced.outside, max);
  if (size) warnings.push(size);
  return {
    desired: [{ path: 'AGENTS.md', bytes: spliced.bytes, shared: true }],
    refused: [],
    keep: [],
  };
}

async function renderAgentsDir(
  fs: ExportFs,
  outDir: string,
  entries: readonly ExportEntry[],
  warnings: string[],
): Promise<Rendered> {
  const out: Rendered = { desired: [], refused: [], keep: [] };
  const base = outPath(outDir, TARGET_BASE['agents-dir']);
  const baseReal = (await fs.stat(base))?.kind === 'dir' ? await fs.realpath(base) : undefined;
  for (const entry of entries) {
    const dest = `${TARGET_BASE['agents-dir']}/${entry.stem}`;
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
      (await fs.stat(outPath(outDir, dest)))?.kind === 'dir'
        ? await fs.realpath(outPath(outDir, dest))
        : undefined;
    if (destReal === source) {
      warnings.push(`${entry.skill.id} is read from ${dest} itself; left in place`);
      out.keep.push(dest);
      continue;
    }
    const folder = await readSkillFolder(fs, source, (m) => warnings.push(m), baseReal).catch(
      (e: NodeJS.ErrnoException) => {
        warnings.push(
          `${entry.skill.dir} cannot be read (${e.code ?? e.message}); its copy is left as it is`,
        );
        return undefined;
      },
    );
    if (folder === undefined) out.keep.push(dest);
    else out.desired.push(...agentsDirFiles(entry, folder));
  }
  return out;
}

/** The files `options.target` wants for `entries`; notes go to `warnings`. */
export async function renderTarget(
  fs: ExportFs,
  outDir: string,
  entries: readonly ExportEntry[],
  options: ExportOptions,
  warnings: string[],
): Promise<Rendered> {
  const alwaysApply = options.alwaysApply === true;
  switch (options.target) {
    case 'agents-md':
      return renderAgentsMd(
        fs,
        outDir,
        entries,
        options.agentsMdMaxBytes ?? CODEX_AGENTS_MD_MAX_BYTES,
        warnings,
      );
    case 'agents-dir':
      return renderAgentsDir(fs, outDir, entries, warnings);
    case 'cursor':
      return {
        desired: entries.map((e) => ({
          path: cursorRulePath(e),
          bytes: Buffer.from(renderCursorRule(e, { alwaysApply })),
        })),
        refused: [],
        keep: [],
      };
    case 'copilot':
      return {
        desired: entries.map((e) => ({
          path: copilotInstructionsPath(e),
          bytes: Buffer.from(renderCopilotInstructions(e, { alwaysApply })),
        })),
        refused: [],
        keep: [],
      };
  }
}
