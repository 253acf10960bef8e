// `completion/complete`: values for a prompt's argument (skill names for an argument that names a
// skill, the alternatives of an `argument-hint` such as `patch | minor | major`), and skill paths
// and file paths for the `skill://{+path}` template. At most MAX_COMPLETIONS values, with the
// total; a prompt, an argument or a template the server does not offer completes to nothing.

import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CompleteRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ServedCatalog } from './catalog.js';
import { handleChecked } from './errors.js';
import { resolveSkillUri, type SkillAddress } from './uris.js';

/** Values one answer carries at most (the protocol's own bound). */
export const MAX_COMPLETIONS = 100;

/** The `skill://{+path}` template's URI, as `resources/templates/list` gives it. */
export const SKILL_TEMPLATE = 'skill://{+path}';

/** An argument named like this takes a skill's name. */
const NAMES_A_SKILL = /^(skills?|skill[-_ ]?names?|names?)$/i;

/** One alternative of a hint: a word, not a placeholder (`<pr>`, `[focus]`). */
const WORD = /^[\w.:@+-]+$/;

/** An answer: the first MAX_COMPLETIONS of `values`, with how many there were. */
function answer(values: readonly string[]) {
  return {
    completion: {
      values: values.slice(0, MAX_COMPLETIONS),
      total: values.length,
      hasMore: values.length > MAX_COMPLETIONS,
    },
  };
}

const startsWith = (value: string) => {
  const v = value.toLowerCase();
  return (c: string) => c.toLowerCase().startsWith(v);
};

/** The alternatives a hint offers (`patch | minor | major`), or none when it is not such a list. */
export function hintAlternatives(hint: string | undefined): string[] {
  const parts = (hint ?? '').split('|').map((p) => p.trim());
  return parts.length > 1 && parts.every((p) => WORD.test(p)) ? parts : [];
}

/** Values for the argument `name` of a prompt (a skill), starting with `value`. */
function promptValues(catalog: ServedCatalog, prompt: string, name: string, value: string) {
  const p = catalog.view.prompts.get(prompt);
  if (!p?.arguments.some((a) => a.name === name)) return [];
  if (NAMES_A_SKILL.test(name))
    return [...new Set(catalog.view.skills.map((s) => s.id))].sort().filter(startsWith(value));
  // A hint lists values for the one argument a skill takes, never for one of several.
  if (p.arguments.length !== 1) return [];
  return hintAlternatives(p.skill.frontmatter.argumentHint).filter(startsWith(value));
}

/** The files of a skill, relative to its folder (served whole or not: every one the service lists). */
async function filesOf(catalog: ServedCatalog, a: SkillAddress): Promise<string[]> {
  const whole = await catalog.files(a);
  if (whole) return whole.map((f) => f.path);
  const r = await catalog.service.files(a.skill.id);
  return r.ok ? r.value.files.map((f) => f.path) : [];
}

/** Values for the template's `path`: within a skill folder its files, else the skills' SKILL.md. */
async function pathValues(catalog: ServedCatalog, value: string): Promise<string[]> {
  const { addresses } = catalog.view;
  const hit = value.includes('/') ? resolveSkillUri(addresses, `skill://${value}`) : undefined;
  if (hit && value.startsWith(`${hit.address.path}/`)) {
    const files = (await filesOf(catalog, hit.address)).map(
      (f) => `${hit.address.path}/${f.split('/').map(encodeURIComponent).join('/')}`,
    );
    return files.sort().filter(startsWith(value));
  }
  return addresses
    .map((a) => `${a.path}/SKILL.md`)
    .sort()
    .filter(startsWith(value));
}

/** Answer `completion/complete` on `server` from `catalog`. */
export function registerCompletion(server: Server, catalog: ServedCatalog): void {
  handleChecked(server, CompleteRequestSchema, async (req) => {
    const { ref, argument } = req.params;
    if (ref.type === 'ref/prompt')
      return answer(promptValues(catalog, ref.name, argument.name, argument.value));
    if (ref.uri === SKILL_TEMPLATE && argument.name === 'path')
      return answer(await pathValues(catalog, argument.value));
    return answer([]);
  });
}
