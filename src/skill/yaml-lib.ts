// `yaml@2`, loaded on first need, and a check on the values it builds.

import { createRequire } from 'node:module';
import type * as YamlModule from 'yaml';

let yamlModule: typeof YamlModule | undefined;
/** `yaml@2` is loaded on first need: most files never need it, and start-up time matters. */
export function yaml(): typeof YamlModule {
  yamlModule ??= createRequire(import.meta.url)('yaml') as typeof YamlModule;
  return yamlModule;
}

/** Does `value` contain itself (through objects and arrays)? */
export function isCyclic(value: unknown, ancestors = new Set<object>()): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (ancestors.has(value)) return true;
  ancestors.add(value);
  for (const v of Array.isArray(value) ? value : Object.values(value))
    if (isCyclic(v, ancestors)) return true;
  ancestors.delete(value);
  return false;
}
