// A loaded skill as the model receives it: the body wrapped the way the Agent Skills client guide
// shows (`<skill_content name="…">`, the skill folder, `<skill_resources>` listed and not read), or in
// seed 004's `<skill name="…">`; the note of what the load's bounds left out; and a short note when
// the same content is loaded again.

import { escapeXml } from './available-skills.js';
import { type LoadCut, renderLoadCut } from './load-limit.js';

/** How a loaded body is wrapped: the client guide's form (the default) or seed 004's. */
export type LoadForm = 'skill_content' | 'skill';

/** What a load result shows. */
export interface LoadContent {
  name: string;
  /** The body, without front matter and `@import` lines. */
  body: string;
  /** The skill folder (absolute). */
  dir: string;
  /** Its imported files: the path as written and the text. */
  imports?: ReadonlyArray<{ spec: string; text: string }>;
  /** The folder's other files, relative to it: listed, not read. */
  resources?: readonly string[];
  /** Files past the listing's cap. */
  moreResources?: number;
  /** What the load's bounds left out (the note says so, and how to read the rest). */
  cut?: LoadCut;
}

const trimEnd = (s: string): string => s.replace(/\s+$/, '');
/** Blank lines at the start of a body (the line after the front matter, say) carry nothing. */
const trimBody = (s: string): string => trimEnd(s.replace(/^(?:[ \t]*\r?\n)+/, ''));

/**
 * One imported file as the model reads it: `<skill_import>` with the path as the skill wrote it (and
 * the skill's name, where blocks of several skills stand side by side), then the text.
 */
export function renderImport(i: { spec: string; text: string }, skill?: string): string {
  const of = skill === undefined ? '' : ` skill="${escapeXml(skill)}"`;
  return `<skill_import${of} path="${escapeXml(i.spec)}">\n${trimEnd(i.text)}\n</skill_import>`;
}

/** The text of a load: the body, its imports, the folder and the files it may read next. */
export function renderLoadResult(c: LoadContent, form: LoadForm = 'skill_content'): string {
  const tag = form === 'skill' ? 'skill' : 'skill_content';
  const lines = [`<${tag} name="${escapeXml(c.name)}">`, trimBody(c.body)];
  for (const i of c.imports ?? []) lines.push('', renderImport(i));
  if (c.cut) lines.push('', renderLoadCut(c.cut, c.name));
  lines.push(
    '',
    `Skill directory: ${c.dir}`,
    'Relative paths in this skill are relative to the skill directory.',
  );
  const files = c.resources ?? [];
  if (files.length > 0) {
    lines.push('', '<skill_resources>');
    for (const f of files) lines.push(`  <file>${escapeXml(f)}</file>`);
    if ((c.moreResources ?? 0) > 0)
      lines.push(`  <!-- ${c.moreResources} more files not listed -->`);
    lines.push('</skill_resources>');
  }
  lines.push(`</${tag}>`);
  return lines.join('\n');
}

/** The note a load gives when the same content is already in the conversation. */
export function renderAlreadyLoaded(name: string, contentHash: string): string {
  return `The skill "${name}" is already loaded in this conversation, unchanged (content ${contentHash.slice(0, 12)}); follow the instructions given there.`;
}

/** An invocation's prompt as the model receives it: the expanded text, then each import's block. */
export function renderInvocation(v: {
  text: string;
  imports: ReadonlyArray<{ spec: string; text: string }>;
}): string {
  return [v.text, ...v.imports.map((i) => renderImport(i))].join('\n\n');
}
