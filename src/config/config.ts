// The project config file: where it is found, its schema, and loading it.

import nodeFs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { SkillsetError } from '../errors.js';

/** The config file's name, looked for in the working folder and each parent up to the repository root. */
export const CONFIG_FILE = 'skillset.config.json';

const level = z.enum(['off', 'info', 'warn', 'warning', 'error']);
const ruleSetting = z.union([
  level,
  z.tuple([level]),
  z.tuple([level, z.record(z.string(), z.unknown())]),
]);

const schema = z
  .object({
    $schema: z.string().optional(),
    lint: z
      .object({
        profile: z.enum(['spec', 'recommended']).optional(),
        rules: z.record(z.string(), ruleSetting).optional(),
      })
      .strict()
      .optional(),
    search: z
      .object({
        /** `coverage: none` below this share of the query's IDF-weighted terms (0–1). */
        minCoverage: z.number().min(0).max(1).optional(),
        /** A term found only in a skill's body counts this much toward the gate (0–1). */
        bodyCoverage: z.number().min(0).max(1).optional(),
        /** Score weights (see docs/search.md). */
        weights: z
          .object({
            meta: z.number().min(0),
            body: z.number().min(0),
            coverage: z.number().min(0),
            name: z.number().min(0),
            phrase: z.number().min(0),
            nameQuery: z.number().min(0),
          })
          .partial()
          .strict()
          .optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

/** A rule's setting in config: a level, or a level and options. */
export type RuleSetting = z.infer<typeof ruleSetting>;

/** The config file's contents. */
export type SkillsetConfig = z.infer<typeof schema>;

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
export function loadConfig(options: { cwd: string; file?: string | undefined }): LoadedConfig {
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
        hint: 'The config file is JSON; see docs/lint.md.',
      },
    );
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at \`${issue.path.join('.')}\`` : '';
    throw new SkillsetError(
      'config/invalid',
      `Invalid config ${file}${where}: ${issue?.message ?? 'invalid'}`,
      {
        hint: 'See docs/lint.md for the config format.',
      },
    );
  }
  return { config: parsed.data, file };
}
