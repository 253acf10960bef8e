// Raw front matter → typed SkillFrontmatter: booleans, string-or-list fields, nested groups.

import {
  type Diagnostic,
  diagnostic,
  FILE_START,
  type Position,
} from '../diagnostics/diagnostic.js';
import type { ModelGuidance, SkillFrontmatter, Tier, Triggers } from './types.js';

type Field = keyof Omit<SkillFrontmatter, 'extra'>;
type Kind =
  | 'string'
  | 'list'
  | 'boolean'
  | 'number'
  | 'any'
  | 'map'
  | 'context'
  | 'tier'
  | 'triggers'
  | 'guidance';

/** Every front matter key skillset understands, with its typed name and kind. */
export const KNOWN_FIELDS: ReadonlyMap<string, { field: Field; kind: Kind }> = new Map<
  string,
  { field: Field; kind: Kind }
>([
  ['name', { field: 'name', kind: 'string' }],
  ['description', { field: 'description', kind: 'string' }],
  ['license', { field: 'license', kind: 'string' }],
  ['compatibility', { field: 'compatibility', kind: 'string' }],
  ['metadata', { field: 'metadata', kind: 'map' }],
  ['allowed-tools', { field: 'allowedTools', kind: 'list' }],
  ['when_to_use', { field: 'whenToUse', kind: 'string' }],
  ['argument-hint', { field: 'argumentHint', kind: 'string' }],
  ['arguments', { field: 'arguments', kind: 'list' }],
  ['model', { field: 'model', kind: 'string' }],
  ['effort', { field: 'effort', kind: 'string' }],
  ['context', { field: 'context', kind: 'context' }],
  ['agent', { field: 'agent', kind: 'string' }],
  ['disable-model-invocation', { field: 'disableModelInvocation', kind: 'boolean' }],
  ['user-invocable', { field: 'userInvocable', kind: 'boolean' }],
  ['paths', { field: 'paths', kind: 'list' }],
  ['hooks', { field: 'hooks', kind: 'any' }],
  ['shell', { field: 'shell', kind: 'string' }],
  ['version', { field: 'version', kind: 'string' }],
  ['aliases', { field: 'aliases', kind: 'list' }],
  ['disallowed-tools', { field: 'disallowedTools', kind: 'list' }],
  ['triggers', { field: 'triggers', kind: 'triggers' }],
  ['threshold', { field: 'threshold', kind: 'number' }],
  ['tier', { field: 'tier', kind: 'tier' }],
  ['profiles', { field: 'profiles', kind: 'list' }],
  ['applicable_agents', { field: 'profiles', kind: 'list' }],
  ['model-guidance', { field: 'modelGuidance', kind: 'guidance' }],
  ['extends', { field: 'extends', kind: 'string' }],
  ['prerequisites', { field: 'prerequisites', kind: 'list' }],
  ['cache', { field: 'cache', kind: 'any' }],
  ['domain', { field: 'domain', kind: 'string' }],
  ['category', { field: 'category', kind: 'string' }],
  ['tags', { field: 'tags', kind: 'list' }],
  ['dependencies', { field: 'dependencies', kind: 'list' }],
  ['updated', { field: 'updated', kind: 'string' }],
  ['author', { field: 'author', kind: 'string' }],
]);

const TRUE = new Set(['true', 'yes', 'on', '1']);
const FALSE = new Set(['false', 'no', 'off', '0']);
const TIERS = new Set<string>(['critical', 'standard', 'optional']);

/** Parse a boolean as skill files write them: true/false/yes/no/on/off/1/0, any case. */
export function parseBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value !== 'string') return undefined;
  const v = value.trim().toLowerCase();
  if (TRUE.has(v)) return true;
  if (FALSE.has(v)) return false;
  return undefined;
}

/**
 * Split a space/comma-separated string into items, keeping `(…)`, `{…}` and `[…]` whole,
 * so `Bash(git add:*) Read` and `src/*.{ts,tsx}` survive.
 */
export function splitList(value: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of value) {
    if (ch === '(' || ch === '{' || ch === '[') depth++;
    else if ((ch === ')' || ch === '}' || ch === ']') && depth > 0) depth--;
    if (depth === 0 && (ch === ',' || ch === ' ' || ch === '\t' || ch === '\n')) {
      if (cur !== '') out.push(cur);
      cur = '';
      continue;
    }
    cur += ch;
  }
  if (cur !== '') out.push(cur);
  return out;
}

function scalarString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** A string-or-list value as a list of strings; `undefined` when it is neither. */
export function toList(value: unknown): string[] | undefined {
  if (value === null || value === undefined) return [];
  if (typeof value === 'string') return splitList(value);
  if (Array.isArray(value)) {
    const out: string[] = [];
    for (const item of value) {
      const s = scalarString(item);
      if (s === undefined) return undefined;
      out.push(s);
    }
    return out;
  }
  const s = scalarString(value);
  return s === undefined ? undefined : [s];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toTriggers(value: unknown): Triggers | undefined {
  const listed = Array.isArray(value) || typeof value === 'string' ? toList(value) : undefined;
  if (listed) return { files: [], intents: listed, contexts: [] };
  if (!isRecord(value)) return undefined;
  const files = toList(value.files);
  const intents = toList(value.intents);
  const contexts = toList(value.contexts);
  if (!files || !intents || !contexts) return undefined;
  return { files, intents, contexts };
}

function toTier(value: unknown): Tier | Record<string, Tier> | undefined {
  if (typeof value === 'string') return TIERS.has(value) ? (value as Tier) : undefined;
  if (!isRecord(value)) return undefined;
  const out: Record<string, Tier> = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== 'string' || !TIERS.has(v)) return undefined;
    out[k] = v as Tier;
  }
  return out;
}

function toGuidance(value: unknown): ModelGuidance | undefined {
  if (!isRecord(value)) return undefined;
  const out: ModelGuidance = {};
  const preferred = scalarString(value.preferred);
  const minimum = scalarString(value['minimum-capability'] ?? value.minimum_capability);
  if (preferred !== undefined) out.preferred = preferred;
  if (minimum !== undefined) out.minimumCapability = minimum;
  return out;
}

function toMap(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    const s = scalarString(v);
    if (s === undefined) return undefined;
    out[k] = s;
  }
  return out;
}

const EXPECTED: Record<Kind, string> = {
  string: 'a string',
  list: 'a list or a space/comma-separated string',
  boolean: 'true/false/yes/no/on/off/1/0',
  number: 'a number from 0 to 1',
  any: 'anything',
  map: 'a mapping of strings to strings',
  context: '`inline` or `fork`',
  tier: '`critical`, `standard`, `optional`, or a map of profile to tier',
  triggers: 'a list of phrases or a mapping with `files`, `intents`, `contexts`',
  guidance: 'a mapping with `preferred` and `minimum-capability`',
};

function convert(kind: Kind, value: unknown): unknown {
  switch (kind) {
    case 'string':
      return value === null ? undefined : scalarString(value);
    case 'list':
      return toList(value);
    case 'boolean':
      return parseBoolean(value);
    case 'number':
      return typeof value === 'number' && value >= 0 && value <= 1 ? value : undefined;
    case 'any':
      return value;
    case 'map':
      return toMap(value);
    case 'context':
      return value === 'inline' || value === 'fork' ? value : undefined;
    case 'tier':
      return toTier(value);
    case 'triggers':
      return toTriggers(value);
    case 'guidance':
      return toGuidance(value);
  }
}

/** Type the raw front matter; a value of the wrong shape is dropped with a warning at its position. */
export function normalizeFrontmatter(
  raw: Record<string, unknown>,
  positions: Record<string, Position>,
  file: string,
  sources: Record<string, string> = {},
): { frontmatter: SkillFrontmatter; diagnostics: Diagnostic[] } {
  const fm: SkillFrontmatter = { extra: {} };
  const diagnostics: Diagnostic[] = [];
  const typed = fm as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(raw)) {
    const known = KNOWN_FIELDS.get(key);
    if (!known) {
      fm.extra[key] = value;
      continue;
    }
    if (value === null && known.kind !== 'any') continue; // `key:` with nothing: as if absent
    if (known.kind === 'map' && isRecord(value)) {
      // Keep the string-valued entries; report each nested one where it stands.
      const map: Record<string, string> = {};
      for (const [k, v] of Object.entries(value)) {
        // Strings as written: `version: 1.0` stays "1.0", not "1".
        const s =
          v !== null && typeof v !== 'string'
            ? (sources[`${key}.${k}`] ?? scalarString(v))
            : scalarString(v);
        if (s !== undefined) map[k] = s;
        else
          diagnostics.push(
            diagnostic(
              'frontmatter/invalid-value',
              'warning',
              file,
              `Unexpected nested value for \`${key}.${k}\`, expected a string; the entry is ignored`,
              {
                start: positions[`${key}.${k}`] ?? positions[key] ?? { ...FILE_START },
                data: { field: `${key}.${k}`, expected: 'a string' },
              },
            ),
          );
      }
      fm.metadata ??= map;
      continue;
    }
    const converted =
      known.kind === 'string' && typeof value !== 'string' && sources[key] !== undefined
        ? sources[key]
        : convert(known.kind, value);
    if (converted === undefined) {
      diagnostics.push(
        diagnostic(
          'frontmatter/invalid-value',
          'warning',
          file,
          `Unexpected value for \`${key}\`, expected ${EXPECTED[known.kind]}; the field is ignored`,
          {
            start: positions[key] ?? { ...FILE_START },
            data: { field: key, expected: EXPECTED[known.kind] },
          },
        ),
      );
      continue;
    }
    if (typed[known.field] === undefined) typed[known.field] = converted;
  }
  return { frontmatter: fm, diagnostics };
}
