// Which skills the model may not load: hidden by an override, denied by a rule, or marked
// `disable-model-invocation`. The listing hides them, MCP's load_skill refuses them, and select never
// suggests them.

import { decideSkillPermission, listingVisibility } from '../invoke/permissions.js';
import type { Skill } from '../skill/types.js';
import type { Settings } from './settings.js';

/** Does a deny rule (not an override: those are the visibility) deny `s` to the model? */
export function deniedToModel(s: Skill, settings: Settings): boolean {
  const d = decideSkillPermission(s, { by: 'model' }, { deny: settings.permissions.deny });
  return d.decision === 'deny' && d.step === 'deny-rule';
}

const known = new WeakMap<readonly Skill[], WeakMap<Settings, ReadonlySet<string>>>();

/**
 * The ids of the skills the model may not load (conditional skills are not among them); worked out
 * once per catalog and settings, since it reads every skill's front matter.
 */
export function hiddenFromModel(skills: readonly Skill[], settings: Settings): ReadonlySet<string> {
  let bySettings = known.get(skills);
  if (!bySettings) {
    bySettings = new WeakMap();
    known.set(skills, bySettings);
  }
  let out = bySettings.get(settings);
  if (!out) {
    out = hidden(skills, settings);
    bySettings.set(settings, out);
  }
  return out;
}

function hidden(skills: readonly Skill[], settings: Settings): Set<string> {
  const out = new Set<string>();
  const deny = settings.permissions.deny.length > 0;
  for (const s of skills)
    if (
      listingVisibility(s, settings.permissions.overrides) === 'hidden' ||
      s.frontmatter.disableModelInvocation === true ||
      (deny && deniedToModel(s, settings))
    )
      out.add(s.id);
  return out;
}
