// Who may see what in a registry: tokens stand for teams (only a token's digest is kept), and teams
// are granted namespaces. A server asks these on every new session; nothing is cached across
// replicas, so a grant or a revoked token counts at the next session on every server.

import { createHash, randomBytes } from 'node:crypto';
import type { Registry } from './reader.js';

const digestOf = (token: string): string =>
  `sha256:${createHash('sha256').update(token).digest('hex')}`;

const q = (r: Registry): string => `"${r.schema}"`;

/** The team a bearer token stands for, if any. */
export async function teamOfToken(registry: Registry, token: string): Promise<string | undefined> {
  const rows = await registry.pool.query<{ team: string }>(
    `SELECT team FROM ${q(registry)}.tokens WHERE digest = $1`,
    [digestOf(token)],
  );
  return rows.rows[0]?.team;
}

/** The namespaces granted to `team`, sorted. */
export async function spacesOfTeam(registry: Registry, team: string): Promise<string[]> {
  const rows = await registry.pool.query<{ space: string }>(
    `SELECT space FROM ${q(registry)}.grants WHERE team = $1 ORDER BY space`,
    [team],
  );
  return rows.rows.map((r) => r.space);
}

/** Grant `team` (made if new) the namespaces `spaces`. */
export async function grant(
  registry: Registry,
  team: string,
  spaces: readonly string[],
): Promise<void> {
  await registry.pool.query(
    `INSERT INTO ${q(registry)}.teams(name) VALUES ($1) ON CONFLICT DO NOTHING`,
    [team],
  );
  await registry.pool.query(
    `INSERT INTO ${q(registry)}.grants(team, space) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`,
    [team, spaces],
  );
}

/** A new token for `team` (made if new): shown once, only its digest kept. */
export async function issueToken(registry: Registry, team: string, label = ''): Promise<string> {
  const token = `sks_${randomBytes(24).toString('base64url')}`;
  await grant(registry, team, []);
  await registry.pool.query(
    `INSERT INTO ${q(registry)}.tokens(digest, team, label) VALUES ($1, $2, $3)`,
    [digestOf(token), team, label],
  );
  return token;
}

/** What `skillset team` asks: grant namespaces, and issue a token, to a team. */
export interface TeamInput {
  store: string;
  team: string;
  grant?: string[];
  /** Issue a new token (shown once). */
  token?: boolean;
  label?: string;
}

/** A team as `skillset team` leaves it: its namespaces, and the token issued, if one was. */
export interface TeamView {
  team: string;
  namespaces: string[];
  token?: string;
}

/** Grant and issue as asked; the team is made if new. */
export async function manageTeam(input: TeamInput): Promise<TeamView> {
  const { openRegistry } = await import('./reader.js');
  const registry = await openRegistry(input.store);
  try {
    await grant(registry, input.team, input.grant ?? []);
    const token = input.token ? await issueToken(registry, input.team, input.label) : undefined;
    return {
      team: input.team,
      namespaces: await spacesOfTeam(registry, input.team),
      ...(token ? { token } : {}),
    };
  } finally {
    await registry.close();
  }
}
