// A skill with resolution's changes applied (a qualified id, a folder, diagnostics added), never
// changing the skill it was given. Discovery's records make their own copy; plain objects are copied
// field by field.

import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { Skill } from './types.js';

/** The fields of a skill that resolution may change (a qualified id, diagnostics added). */
export interface RecordChanges {
  id?: string;
  dir?: string;
  /** Appended to the skill's diagnostics. */
  diagnostics?: readonly Diagnostic[];
}

/** A skill that makes its own changed copy (discovery's lazily decoded records). */
interface SelfChanging extends Skill {
  withChanges(changes: RecordChanges): Skill;
}

const selfChanging = (s: Skill): s is SelfChanging =>
  typeof (s as Partial<SelfChanging>).withChanges === 'function';

/** `skill` with `changes` applied; `skill` itself is left as it is. */
export function withChanges(skill: Skill, changes: RecordChanges): Skill {
  if (selfChanging(skill)) return skill.withChanges(changes);
  return {
    ...skill,
    ...(changes.id !== undefined ? { id: changes.id } : {}),
    ...(changes.dir !== undefined ? { dir: changes.dir } : {}),
    diagnostics: [...skill.diagnostics, ...(changes.diagnostics ?? [])],
  };
}
