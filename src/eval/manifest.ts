// An eval manifest: several labelled query files, each scored against its own library, in one run.

import path from 'node:path';
import { SkillsetError } from '../errors.js';

/** One set of a manifest: a label file and the roots of the library it is scored against. */
export interface ManifestSet {
  name: string;
  /** The label file (JSONL), absolute. */
  queries: string;
  /** The library's roots, absolute. */
  roots: string[];
}

const bad = (file: string, what: string): SkillsetError =>
  new SkillsetError('eval/bad-manifest', `${file}: ${what}`, {
    hint: 'A manifest is { "sets": [ { "name", "queries": "file.jsonl", "roots": ["folder", …] } ] }; paths are relative to it.',
  });

/**
 * Parse a manifest (`{ "sets": [ { "name", "queries", "roots" } ] }`). Paths are resolved from the
 * manifest's folder; names must be unique, since runs are compared set by set.
 */
export function parseManifest(text: string, file: string): ManifestSet[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw bad(file, `not JSON (${(e as Error).message})`);
  }
  const sets = (value as { sets?: unknown } | null)?.sets;
  if (!Array.isArray(sets) || sets.length === 0)
    throw bad(file, 'expected a non-empty "sets" array');
  const dir = path.dirname(path.resolve(file));
  const seen = new Set<string>();
  return sets.map((s: unknown, i) => {
    const o = s as { name?: unknown; queries?: unknown; roots?: unknown } | null;
    const where = `sets[${i}]`;
    if (typeof o?.name !== 'string' || o.name === '')
      throw bad(file, `${where}: "name" must be a string`);
    if (seen.has(o.name)) throw bad(file, `${where}: the name "${o.name}" is used twice`);
    seen.add(o.name);
    if (typeof o.queries !== 'string') throw bad(file, `${where}: "queries" must be a file name`);
    if (
      !Array.isArray(o.roots) ||
      o.roots.length === 0 ||
      !o.roots.every((r) => typeof r === 'string')
    )
      throw bad(file, `${where}: "roots" must be a non-empty array of folders`);
    return {
      name: o.name,
      queries: path.resolve(dir, o.queries),
      roots: (o.roots as string[]).map((r) => path.resolve(dir, r)),
    };
  });
}
