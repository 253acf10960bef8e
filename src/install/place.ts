// Where installs go: the agent's project skills folder (or its user folder with `--user`), and the
// lock that records them: `skillset.lock.json` in the project, `~/.skillset/skillset.lock.json` for
// the user's skills.

import os from 'node:os';
import path from 'node:path';
import { AGENT_PRESETS, type AgentName } from '../agents/registry.js';
import { SkillsetError } from '../errors.js';
import { LOCK_FILE } from './lock.js';

/** Where one command installs. */
export interface Place {
  /** The project folder, or the home folder (`--user`): `installedAt` paths are relative to it. */
  root: string;
  /** The skills folder installs go in. */
  skillsDir: string;
  lockFile: string;
}

/** What decides the place. */
export interface PlaceInput {
  cwd: string;
  home?: string;
  agent?: string;
  user?: boolean;
}

/** The place for `input`: the agent's first project (or user) skills folder; skillset's own by default. */
export function placeOf(input: PlaceInput): Place {
  const name = (input.agent ?? 'skillset') as AgentName;
  const preset = AGENT_PRESETS[name];
  if (!preset)
    throw new SkillsetError(
      'usage/unknown-agent',
      `\`${input.agent}\` is not an agent skillset knows`,
      {
        hint: `Choose one of: ${Object.keys(AGENT_PRESETS).join(', ')}.`,
      },
    );
  const root = input.user ? path.resolve(input.home ?? os.homedir()) : path.resolve(input.cwd);
  const folder = (input.user ? preset.user : preset.project)[0] ?? '.agents/skills';
  return {
    root,
    skillsDir: path.join(root, folder),
    lockFile: input.user ? path.join(root, '.skillset', LOCK_FILE) : path.join(root, LOCK_FILE),
  };
}

/** The place for `input` in a command's context (its project folder, and the home folder). */
export function placeIn(
  ctx: { cwd: string; home?: string },
  input: Omit<PlaceInput, 'cwd' | 'home'>,
): Place {
  return placeOf({ ...input, cwd: ctx.cwd, ...(ctx.home ? { home: ctx.home } : {}) });
}
