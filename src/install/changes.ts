// What changed between an installed skill and a newer copy that a person should look at before
// taking it: the description (what routes the model to it), `allowed-tools` (what it may run without
// asking), scripts added or changed, and lines that run shell when the skill is invoked.

import path from 'node:path';
import type { FileSystem } from '../files/fs.js';
import { parseSkillFile } from '../skill/parse.js';
import { compareManifests, type ManifestFile } from './manifest.js';

/** The changes that matter, between two copies of a skill. */
export interface SkillChanges {
  description?: { from: string; to: string };
  allowedTools?: { from: string; to: string };
  /** Script files added, and changed. */
  scriptsAdded: string[];
  scriptsChanged: string[];
  /** Lines that run shell on invocation (`` !`cmd` ``, ```` ```! ```` fences), new in the newer copy. */
  shellLines: string[];
  /** Every file added, changed or removed, for the record. */
  files: { added: string[]; changed: string[]; removed: string[] };
}

const SCRIPT = /\.(?:sh|bash|zsh|py|js|mjs|cjs|ts|rb|pl|ps1|bat|cmd)$/i;
const isScript = (f: ManifestFile): boolean =>
  f.executable === true || f.path.startsWith('scripts/') || SCRIPT.test(f.path);

/** The shell lines of a SKILL.md body: `` !`…` `` at a line start or after a space, and ```` ```! ```` blocks. */
function shellLines(text: string): string[] {
  const out: string[] = [];
  let fence = false;
  for (const line of text.split('\n')) {
    if (/^\s*```!/.test(line)) fence = true;
    else if (fence && /^\s*```/.test(line)) fence = false;
    else if (fence || /(?:^|\s)!`[^`]+`/.test(line)) out.push(line.trim());
  }
  return out;
}

interface SkillText {
  description: string;
  allowedTools: string;
  shell: string[];
}

async function skillText(fs: FileSystem, dir: string): Promise<SkillText> {
  const file = path.join(dir, 'SKILL.md');
  const read = await fs.readFile(file, 1024 * 1024).catch(() => undefined);
  if (!read?.ok) return { description: '', allowedTools: '', shell: [] };
  const parsed = parseSkillFile(read.bytes, file);
  const tools = parsed.raw['allowed-tools'];
  return {
    description: parsed.description,
    allowedTools: Array.isArray(tools) ? tools.join(' ') : typeof tools === 'string' ? tools : '',
    shell: shellLines(read.bytes.toString('utf8')),
  };
}

/** Compare the copy at `oldDir` (with its manifest) with the one at `newDir`. */
export async function skillChanges(
  fs: FileSystem,
  old: { dir: string; files: readonly ManifestFile[] },
  next: { dir: string; files: readonly ManifestFile[] },
): Promise<SkillChanges> {
  const [a, b] = await Promise.all([skillText(fs, old.dir), skillText(fs, next.dir)]);
  const d = compareManifests(old.files, next.files);
  const byPath = new Map(next.files.map((f) => [f.path, f]));
  const had = new Set(a.shell);
  return {
    ...(a.description !== b.description
      ? { description: { from: a.description, to: b.description } }
      : {}),
    ...(a.allowedTools !== b.allowedTools
      ? { allowedTools: { from: a.allowedTools, to: b.allowedTools } }
      : {}),
    scriptsAdded: d.extra.filter((p) => isScript(byPath.get(p) as ManifestFile)),
    scriptsChanged: d.modified.filter((p) => isScript(byPath.get(p) as ManifestFile)),
    shellLines: b.shell.filter((l) => !had.has(l)),
    files: { added: d.extra, changed: d.modified, removed: d.missing },
  };
}

/** Does anything in `c` need a person's eyes? */
export const mattersToReview = (c: SkillChanges): boolean =>
  c.description !== undefined ||
  c.allowedTools !== undefined ||
  c.scriptsAdded.length + c.scriptsChanged.length + c.shellLines.length > 0;
