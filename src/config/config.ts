// The project config file: where it is found, and loading it (the schema is in schema.ts).

import nodeFs from 'node:fs';
import path from 'node:path';
import { SkillsetError } from '../errors.js';
import type { SkillsetConfig } from './schema.js';

/** The config file's name, looked for in the working folder and each parent up to the repository root. */
export const CONFIG_FILE = 'skillset.config.json';

export type { RuleSetting, SkillsetConfig } from './schema.js';

/** A loaded config and the file it came from (`undefined` when none was found). */
export interface LoadedConfig {
  config: SkillsetConfig;
  file: string | undefined;
}

/** Find the config file from `cwd` up to the repository root (a folder holding `.git`) or the file-system root. */
export function findConfigFile(cwd: string): string | undefined {
  let dir = path.resolve(cwd);
  for (;;) {
    const candidate = path.join(dir, CONFIG_FILE);
    if (nodeFs.existsSync(candidate)) return candidate;
    if (nodeFs.existsSync(path.join(dir, '.git'))) return undefined;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** Load and validate a config file; a bad file is a SkillsetError (exit 2), never a silent default. */
export async function loadConfig(options: {
  cwd: string;
  file?: string | undefined;
}): Promise<LoadedConfig> {
  const file = options.file ? path.resolve(options.cwd, options.file) : findConfigFile(options.cwd);
  if (!file) return { config: {}, file: undefined };
  let data: unknown;
  try {
    data = JSON.parse(nodeFs.readFileSync(file, 'utf8'));
  } catch (e) {
    throw new SkillsetError(
      'config/unreadable',
      `Cannot read config ${file}: ${(e as Error).message}`,
      {
        hint: 'The config file is JSON; see docs/config.md.',
      },
    );
  }
  const { schema } = await import('./schema.js');
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at \`${issue.path.join('.')}\`` : '';
    throw new SkillsetError(
      'config/invalid',
      `Invalid config ${file}${where}: ${issue?.message ?? 'invalid'}`,
      {
        hint: 'See docs/config.md for the config format.',
      },
    );
  }
  return { config: parsed.data, file };
}
