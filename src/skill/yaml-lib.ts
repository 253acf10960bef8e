// `yaml@2`, loaded on first need.

import { createRequire } from 'node:module';
import type * as YamlModule from 'yaml';

let yamlModule: typeof YamlModule | undefined;
/** `yaml@2` is loaded on first need: most files never need it, and start-up time matters. */
export function yaml(): typeof YamlModule {
  yamlModule ??= createRequire(import.meta.url)('yaml') as typeof YamlModule;
  return yamlModule;
}
