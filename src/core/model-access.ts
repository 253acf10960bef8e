// Which skills the model may not load: hidden by an override, denied by a rule, or marked
// `disable-model-invocation`. The listing hides them, MCP's load_skill refuses them, and select never
// suggests them. The rule itself is the listing's (`hiddenReason`); this module says what it reads.

import { decideSkillPermission, listingVisibility } from '../invoke/permissions.js';
import { type Filterable, hiddenReason } from '../render/listing-rank.js';
import type { Skill } from '../skill/types.js';
import type { Settings } from './settings.js';

/** Does a deny rule (not an override: those are the visibility) deny `s` to the model? */
function deniedToModel(s: Skill, settings: Settings): boolean {
  const d = decideSkillPermission(s, { by: 'model' }, { deny: settings.permissions.deny });
  return d.decision === 'deny' && d.step === 'deny-rule';
}

/** What the listing's rule reads of a skill to decide whether the model is told of it. */
export function modelAccess(s: Skill, settings: Settings): Filterable {
  const f = s.frontmatter;
  const e: Filterable = {
    name: s.id,
    visibility: listingVisibility(s, settings.permissions.overrides),
  };
  if (f.disableModelInvocation) e.disableModelInvocation = true;
  if (f.paths && f.paths.length > 0) e.paths = f.paths;
  // Only deny rules hide: a skill that would ask is still the model's to choose.
  if (settings.permissions.deny.length > 0 && deniedToModel(s, settings)) e.denied = true;
  return e;
}

const known = new WeakMap<readonly Skill[], WeakMap<Settings, ReadonlySet<string>>>();

/**
 * The ids of the skills the model may not load (conditional skills are not among them: a client may
 * not say which files it touched); worked out once per catalog and settings, since it reads every
 * skill's front matter.
 */
export function hiddenFromModel(skills: readonly Skill[], settings: Settings): ReadonlySet<string> {
  let bySettings = known.get(skills);
  if (!bySettings) {
    bySettings = new WeakMap();
    known.set(skills, bySettings);
  }
  let out = bySettings.get(settings);
  if (!out) {
    const hidden = new Set<string>();
    for (const s of skills) {
      // Without its `paths`, a conditional skill is never hidden as inactive.
      const { paths: _paths, ...access } = modelAccess(s, settings);
      if (hiddenReason(access, NONE) !== null) hidden.add(s.id);
    }
    out = hidden;
    bySettings.set(settings, out);
  }
  return out;
}

const NONE: ReadonlySet<string> = new Set();
