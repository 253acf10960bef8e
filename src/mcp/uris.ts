// `skill://` URIs for a catalog (the MCP Skills extension): `skill://<skill-path>/<file-path>`, the
// last skill-path segment the skill's front matter `name`. A qualified id (`plugin:name`,
// `apps/web:name`) gives its qualifier as the prefix; names that still clash get their scope first.

import type { Skill } from '../skill/types.js';

/** The Agent Skills naming rule the extension holds the last segment to. */
const NAME = /^(?!-)(?!.*--)[a-z0-9-]{1,64}(?<!-)$/;

/** A skill's place in the `skill://` namespace. */
export interface SkillAddress {
  skill: Skill;
  /** `/`-separated segments, each percent-encoded. */
  path: string;
  /** Its SKILL.md: `skill://<path>/SKILL.md`. */
  uri: string;
  /**
   * The extension serves it: its front matter parses as written, and its `name` equals the last
   * segment and meets the naming rule.
   */
  conforms: boolean;
}

const encode = (p: string): string =>
  p
    .split('/')
    .filter((s) => s !== '')
    .map((s) => encodeURIComponent(s))
    .join('/');

/** Addresses for every skill of `skills`, in their order; every path unique. */
export function skillAddresses(skills: readonly Skill[]): SkillAddress[] {
  const base = skills.map((s) => {
    const own = typeof s.raw.name === 'string' ? s.raw.name : undefined;
    const name = own !== undefined && NAME.test(own) ? own : s.name;
    const colon = s.id.lastIndexOf(':');
    const prefix = colon > 0 ? s.id.slice(0, colon).replace(/:/g, '/') : '';
    // The extension's hosts compare the front matter with the YAML they read: a file that parses
    // only with our recovery would fail there, so it is not offered to them.
    const strict = !s.diagnostics.some(
      (d) =>
        d.code === 'parse/recovered-yaml' ||
        (d.severity === 'error' && d.code.startsWith('parse/')),
    );
    return { skill: s, name, prefix, conforms: own !== undefined && NAME.test(own) && strict };
  });
  const count = new Map<string, number>();
  const key = (b: (typeof base)[number], withScope: boolean) =>
    encode([withScope ? b.skill.source.scope : '', b.prefix, b.name].join('/'));
  for (const b of base) count.set(key(b, false), (count.get(key(b, false)) ?? 0) + 1);
  const used = new Set<string>();
  return base.map((b) => {
    let path = key(b, false);
    if ((count.get(path) ?? 0) > 1) path = key(b, true);
    for (let i = 2; used.has(path); i++)
      path = encode([`${b.skill.source.scope}-${i}`, b.prefix, b.name].join('/'));
    used.add(path);
    return { skill: b.skill, path, uri: `skill://${path}/SKILL.md`, conforms: b.conforms };
  });
}

/** The address and the file a `skill://` URI names (the longest skill path that holds it), if any. */
export function resolveSkillUri(
  addresses: readonly SkillAddress[],
  uri: string,
): { address: SkillAddress; file: string } | undefined {
  if (!uri.startsWith('skill://')) return undefined;
  const rest = uri.slice('skill://'.length).replace(/\/+$/, '');
  let best: { address: SkillAddress; file: string } | undefined;
  for (const a of addresses) {
    if (rest !== a.path && !rest.startsWith(`${a.path}/`)) continue;
    if (best && best.address.path.length >= a.path.length) continue;
    const tail = rest.slice(a.path.length + 1);
    let file: string;
    try {
      file = tail
        .split('/')
        .map((s) => decodeURIComponent(s))
        .join('/');
    } catch {
      continue;
    }
    // A decoded segment that holds a separator was an encoded one: not a file of the folder.
    if (tail.split('/').some((s) => /%(2f|5c)/i.test(s))) return undefined;
    best = { address: a, file };
  }
  return best;
}
