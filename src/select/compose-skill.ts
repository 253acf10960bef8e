// One skill composed as Load gives it, within a load's bounds: its body over its `extends` parents,
// then its `@import`ed files (the skill's first, then each parent's) until the bytes, files or
// `@import` lines run out, and what the bounds left out. Load and the sizing before Budget both use
// it, so that what loads is what was counted.

import path from 'node:path';
import { cutPart } from '../compose/cut-part.js';
import {
  cutUtf8,
  importAllowance,
  type LeftOutImport,
  type LoadLimits,
  utf8Bytes,
} from '../compose/import-limits.js';
import { stripImports } from '../compose/import-lines.js';
import { type ImportedFile, resolveImports } from '../compose/imports.js';
import { composeBodies } from '../compose/sections.js';
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
import { type BodySource, readSkillBody, type SkillBody } from '../discover/body.js';
import type { FileSystem } from '../files/fs.js';
import type { LeftOutEntry, LoadCut } from '../render/load-limit.js';
import { relativeInside } from '../util/paths.js';

/** What is composed: the skill's file, the hash it was scored with, and its `extends` chain. */
export interface ComposeTarget {
  id: string;
  path: string;
  contentHash: string;
  /** The skill's file, then each parent's (Resolve's chain). */
  chain?: readonly string[];
}

/** How a skill is composed. */
export interface ComposeOptions {
  fs: FileSystem;
  /** The project root imports may resolve against. */
  projectRoot?: string;
  limits: LoadLimits;
  /** The bytes this composition may hold (at most `limits.maxBytes`). */
  maxBytes: number;
  /** The largest file read. */
  maxFileBytes: number;
  /**
   * How far past the byte bound the imports may read (default `maxFileBytes`: the file that crosses
   * the bound is read whole and cut). Sizing needs less: it only learns that the bound is passed.
   */
  readBeyond?: number;
  /** The skills by SKILL.md path: each body is then read from the real file discovery confined. */
  skills?: ReadonlyMap<string, BodySource>;
  /**
   * `maxBytes` is Budget's share for a skill that loads in part: the body is cut at a heading or
   * paragraph (cut-part.ts), the note says so, and no diagnostic is raised (it is no surprise).
   */
  part?: boolean;
}

/** A composed skill. */
export interface ComposedSkill {
  /** The skill's own file as read now. */
  own: SkillBody;
  /** The body over its parents, without `@import` lines (cut when it alone passes the bound). */
  body: string;
  imports: ImportedFile[];
  /** UTF-8 bytes of the body and of the imports' texts, as composed. */
  bodyBytes: number;
  importBytes: number;
  /** What the bounds left out, when they left anything out. */
  cut?: LoadCut;
  /** The byte bound (not the file or line bound) cut something: the whole would not fit. */
  over: boolean;
  /** Every SKILL.md composed, as read now: the skill, then each `extends` parent. */
  sources: Array<{ file: string; contentHash: string }>;
  diagnostics: Diagnostic[];
}

/** Compose `t`. Throws what readSkillBody throws when the skill's own file cannot be read. */
export async function composeSkill(t: ComposeTarget, o: ComposeOptions): Promise<ComposedSkill> {
  const { fs } = o;
  const read = (file: string, contentHash: string) =>
    readSkillBody(
      { ...o.skills?.get(file), path: file, contentHash },
      { fs, maxFileBytes: o.maxFileBytes },
    );
  const own = await read(t.path, t.contentHash);
  const diagnostics: Diagnostic[] = [];
  const files: Array<{ file: string; body: SkillBody }> = [{ file: t.path, body: own }];
  for (const parent of (t.chain ?? []).slice(1)) {
    // A parent was not scored: no hash to hold it to, so it is read (and parsed) as it is.
    const body = await read(parent, '').catch(() => undefined);
    if (body) files.push({ file: parent, body });
    else
      diagnostics.push(
        diagnostic(
          'select/unreadable',
          'error',
          parent,
          `The skill \`${t.id}\` extends could not be read; composed without it`,
        ),
      );
  }
  // The body first (sections merged from the farthest parent down); the imports get what it leaves.
  let body = composeBodies(files.map((f) => stripImports(f.body.body, f.body.bodyLine).text));
  const size = utf8Bytes(body);
  let bodyCut: LoadCut['body'];
  if (size > o.maxBytes) {
    body = o.part ? cutPart(body, o.maxBytes) : cutUtf8(body, o.maxBytes);
    bodyCut = { kept: utf8Bytes(body), size };
  }
  const bodyBytes = bodyCut ? bodyCut.kept : size;
  const allowance = importAllowance(
    o.limits,
    bodyCut ? 0 : o.maxBytes - bodyBytes,
    o.readBeyond ?? o.maxFileBytes,
  );
  const imports: ImportedFile[] = [];
  for (const f of files) {
    const dir = path.dirname(f.file);
    // Each file's imports resolve against its own folder.
    const r = await resolveImports(f.body.body, f.file, f.body.bodyLine, {
      roots: [dir],
      ...(o.projectRoot ? { projectRoot: o.projectRoot } : {}),
      fs,
      maxBytes: o.maxFileBytes,
      allowance,
    });
    diagnostics.push(...r.diagnostics);
    imports.push(...r.imports);
  }
  const importBytes = imports.reduce((n, i) => n + utf8Bytes(i.text), 0);
  const sources = files.map((f) => ({ file: f.file, contentHash: f.body.contentHash }));
  const left = allowance.left;
  const over = bodyCut !== undefined || left.some((l) => l.reason === 'bytes');
  if (!bodyCut && left.length === 0)
    return { own, body, imports, bodyBytes, importBytes, over, sources, diagnostics };
  const real = (dir: string) => fs.realpath(dir).catch(() => dir);
  const skillDir = await real(path.dirname(t.path));
  const project = o.projectRoot ? await real(o.projectRoot) : undefined;
  const slash = (rel: string | undefined) => rel?.split(path.sep).join('/');
  const places = {
    inSkill: (file: string) =>
      slash(relativeInside(skillDir, file) ?? relativeInside(path.dirname(t.path), file)),
    inProject: (file: string) =>
      slash(project !== undefined ? relativeInside(project, file) : undefined),
  };
  const cut: LoadCut = {
    ...(o.part ? { part: true as const } : {}),
    maxBytes: o.maxBytes,
    maxImports: o.limits.maxImports,
    ...(bodyCut ? { body: bodyCut } : {}),
    imports: left.map((l) => entry(l, places)),
    more: allowance.moreLeft,
  };
  if (!o.part) diagnostics.push(limitDiagnostic(t.path, body, bodyCut, left[0], cut, own.bodyLine));
  return { own, body, imports, bodyBytes, importBytes, cut, over, sources, diagnostics };
}

/** Where a file is, for the note: relative to the skill folder, else to the project root. */
interface Places {
  inSkill(file: string): string | undefined;
  inProject(file: string): string | undefined;
}

function entry(l: LeftOutImport, at: Places): LeftOutEntry {
  const inSkill = l.file !== undefined ? at.inSkill(l.file) : undefined;
  const p = inSkill ?? (l.file !== undefined ? at.inProject(l.file) : undefined);
  return {
    spec: l.spec,
    ...(p !== undefined ? { path: p } : {}),
    ...(l.file !== undefined && inSkill === undefined ? { outside: true } : {}),
    from: at.inSkill(l.where) ?? at.inProject(l.where) ?? path.basename(l.where),
    line: l.line,
    reason: l.reason,
    ...(l.kept !== undefined ? { kept: l.kept } : {}),
    ...(l.size !== undefined ? { size: l.size } : {}),
  };
}

/** One diagnostic per load the bounds cut: at the first `@import` they stopped, else where the body is cut. */
function limitDiagnostic(
  file: string,
  body: string,
  bodyCut: LoadCut['body'],
  first: LeftOutImport | undefined,
  cut: LoadCut,
  bodyLine: number,
): Diagnostic {
  const count = cut.imports.length + cut.more;
  const rest = `${count} @import line(s) not followed or cut; the load result names them`;
  const bound = `the load's limit of ${cut.maxBytes.toLocaleString('en')} bytes (body and imports)`;
  if (bodyCut || !first) {
    const line = bodyLine + (body.match(/\n/g)?.length ?? 0);
    return diagnostic(
      'compose/load-limit',
      'warning',
      file,
      `The body is cut after ${bodyCut?.kept ?? 0} of ${bodyCut?.size ?? 0} bytes: it passes ${bound}${count > 0 ? `; ${rest}` : ''}`,
      { start: { line, column: 1 }, data: { ...cut } },
    );
  }
  const what =
    first.kept !== undefined
      ? `is cut after ${first.kept} of ${first.size} bytes: it passes ${bound}`
      : first.reason === 'files'
        ? `is not followed: the load imports ${cut.maxImports} files at most`
        : first.reason === 'lines'
          ? 'is not followed: the load examined as many @import lines as it may'
          : `is not followed: it would pass ${bound}`;
  return diagnostic(
    'compose/load-limit',
    'warning',
    first.where,
    `\`@import ${first.spec}\` ${what}; ${rest}`,
    {
      start: { line: first.line, column: first.column },
      end: { line: first.line, column: first.column + first.spec.length },
      data: { ...cut },
    },
  );
}
