// Helpers rules share for reading front matter fields the way the specification means them.

import { FILE_START, type Position } from '../../diagnostics/diagnostic.js';
import type { Skill } from '../../skill/types.js';

/**
 * A field as a string, the way the reference validator (strictyaml) reads it: a string as is,
 * a number or boolean as written (`1.0`), an empty value as `''`; `undefined` for lists and maps.
 */
export function specString(skill: Skill, key: string): string | undefined {
  const value = skill.raw[key];
  if (typeof value === 'string') return value;
  if (value === null || typeof value === 'number' || typeof value === 'boolean') {
    return skill.scalarSources[key] ?? (value === null ? '' : String(value));
  }
  return undefined;
}

/** Where a field stands, or the start of the file. */
export function fieldPosition(skill: Skill, key: string): Position {
  return skill.positions[key] ?? { ...FILE_START };
}
