// `skillset serve --http --store URL`: the MCP server over a shared registry. Each session belongs to
// the team its bearer token stands for and sees the namespaces granted to that team: the same
// server, catalog and tools as over a folder, built over a registry reader (registry/reader.ts).
// What a team sees is read once and shared by its sessions; a publish announced on the registry's
// channel moves it on and tells the team's sessions (list_changed). The server keeps nothing
// another replica needs.

import { spacesOfTeam, teamOfToken } from '../registry/access.js';
import { openRegistry, type Registry, registryService } from '../registry/reader.js';
import { createServedCatalog, type ServedCatalog } from './catalog.js';
import { type HttpOptions, serveHttp } from './http.js';
import { listenForPublishes } from './registry-listen.js';
import { createSkillServer, type SkillServer, type SkillServerOptions } from './server.js';

/** A listening registry server. */
export interface RegistryEndpoint {
  url: string;
  close(): Promise<void>;
}

/** Teams whose catalogs are kept at once (each holds its namespaces' files). */
const MAX_TEAMS = 16;

/** What one team sees, and its live sessions. */
interface TeamView {
  spaces: string[];
  /** The namespaces' generations it was read at. */
  version: string;
  catalog: Promise<ServedCatalog & { reload(): Promise<void> }>;
  sessions: Set<SkillServer>;
}

/** Serve the registry at `location` over Streamable HTTP, a team per bearer token. */
export async function serveRegistry(
  location: string,
  o: SkillServerOptions & { http: HttpOptions },
): Promise<RegistryEndpoint> {
  const registry = await openRegistry(location);
  const teams = new Map<string, TeamView>();
  // Views a team's newer one replaced (its grants changed) while sessions still use them: they go on
  // hearing of publishes until those sessions end.
  const retired = new Set<TeamView>();
  const drop = (v: TeamView): void => {
    v.catalog.then((c) => c.service.close()).catch(() => undefined);
  };
  const viewOf = async (team: string): Promise<TeamView> => {
    const spaces = await spacesOfTeam(registry, team);
    const version = await generations(registry, spaces);
    const kept = teams.get(team);
    if (kept && kept.version === version && kept.spaces.join() === spaces.join()) return kept;
    if (kept && kept.sessions.size === 0) drop(kept);
    else if (kept) retired.add(kept);
    const catalog = registryService(registry, spaces).then(async (service) =>
      Object.assign(await createServedCatalog(service), { reload: () => service.reload() }),
    );
    const view: TeamView = { spaces, version, catalog, sessions: new Set() };
    teams.delete(team);
    teams.set(team, view);
    for (const [name, v] of teams)
      if (teams.size > MAX_TEAMS && v.sessions.size === 0) {
        teams.delete(name);
        drop(v);
      }
    catalog.catch(() => teams.get(team) === view && teams.delete(team));
    return view;
  };
  const listening = await listenForPublishes(registry, async (space) => {
    for (const v of [...teams.values(), ...retired]) {
      if (space !== undefined && !v.spaces.includes(space)) continue;
      const version = await generations(registry, v.spaces);
      if (version === v.version) continue;
      const catalog = await v.catalog;
      await catalog.reload();
      v.version = version;
      const change = await catalog.refresh({ catalog: true });
      for (const s of v.sessions) s.changed(change, []);
    }
  });
  const endpoint = await serveHttp(
    async (team) => {
      const view = await viewOf(team ?? '');
      const s = createSkillServer(await view.catalog, o);
      view.sessions.add(s);
      s.server.server.onclose = () => {
        view.sessions.delete(s);
        if (view.sessions.size === 0 && retired.delete(view)) drop(view);
      };
      return s.server;
    },
    { ...o.http, authorize: (token) => teamOfToken(registry, token) },
  );
  return {
    url: endpoint.url,
    async close() {
      await endpoint.close();
      await listening.close();
      for (const v of [...teams.values(), ...retired]) drop(v);
      await registry.close();
    },
  };
}

/** The namespaces' current generations, in order: what a team's catalog was read at. */
async function generations(registry: Registry, spaces: readonly string[]): Promise<string> {
  const rows = await registry.pool.query<{ name: string; gen: number }>(
    `SELECT name, gen FROM "${registry.schema}".spaces WHERE name = ANY($1) ORDER BY name`,
    [spaces],
  );
  return rows.rows.map((r) => `${r.name}:${r.gen}`).join(',');
}
