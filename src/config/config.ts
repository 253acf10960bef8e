// The config files: the user's own (`~/.config/skillset/config.json`) and the project's
// (`skillset.config.json`, found from the working folder up), where each is found, and loading them.
// The schema is in schema.ts; how the two combine, and what a project may not set, in merge.ts.
// Config files are found and read before settings (and the FileSystem they name) exist: node:fs.

import nodeFs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SkillsetError } from '../errors.js';
import { readRegularFile } from '../util/read-regular.js';
import type { SkillsetConfig } from './schema.js';

/** The largest config file read. */
const MAX_CONFIG_BYTES = 1024 * 1024;

/** The config file's name, looked for in the working folder and each parent up to the repository root. */
export const CONFIG_FILE = 'skillset.config.json';

export type { RuleSetting, SkillsetConfig } from './schema.js';

/** A loaded config and the file it came from (`undefined` when none was found). */
export interface LoadedConfig {
  config: SkillsetConfig;
  file: string | undefined;
  /** The file's text, for positions of the keys a diagnostic names. */
  text?: string;
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

/**
 * The user's config file: `SKILLSET_USER_CONFIG`, else `$XDG_CONFIG_HOME/skillset/config.json`,
 * else `~/.config/skillset/config.json`. It lives outside every project, so it may grant trust.
 */
export function userConfigFile(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SKILLSET_USER_CONFIG) return path.resolve(env.SKILLSET_USER_CONFIG);
  const base = env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config');
  return path.join(base, 'skillset', 'config.json');
}

/** Load and validate one config file; a bad file is a SkillsetError (exit 2), never a silent default. */
export async function readConfigFile(file: string): Promise<LoadedConfig> {
  let text: string;
  let data: unknown;
  try {
    // A FIFO in a config's place never blocks a command, and a config is small.
    const r = readRegularFile(file, MAX_CONFIG_BYTES);
    if (!r.ok)
      throw new Error(
        r.reason === 'too-large'
          ? `it is ${r.size} bytes, over the ${MAX_CONFIG_BYTES}-byte cap`
          : r.reason === 'missing'
            ? 'no such file'
            : 'not a regular file',
      );
    text = r.text;
    data = JSON.parse(text);
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
  return { config: parsed.data, file, text };
}

/** The project's config: the file named, else the one found from `cwd` up; none is an empty config. */
export async function loadConfig(options: {
  cwd: string;
  file?: string | undefined;
}): Promise<LoadedConfig> {
  const file = options.file ? path.resolve(options.cwd, options.file) : findConfigFile(options.cwd);
  if (!file) return { config: {}, file: undefined };
  return readConfigFile(file);
}

/** The user's config, when the file exists (`false`: none is read). */
export async function loadUserConfig(
  file: string | false = userConfigFile(),
): Promise<LoadedConfig> {
  if (file === false || !nodeFs.existsSync(file)) return { config: {}, file: undefined };
  return readConfigFile(file);
}
