// `skillset serve --http --store URL`: the MCP server over a shared registry. Each session belongs to
// the team its bearer token stands for and sees the namespaces granted to that team: the same
// server, catalog and tools as over a folder, built over a registry reader (registry/reader.ts).
// What a team sees is read once per set of namespace generations and shared by its sessions; the
// server keeps nothing another replica needs.

import { spacesOfTeam, teamOfToken } from '../registry/access.js';
import { openRegistry, type Registry, registryService } from '../registry/reader.js';
import { createServedCatalog, type ServedCatalog } from './catalog.js';
import { type HttpOptions, serveHttp } from './http.js';
import { createSkillServer, type SkillServerOptions } from './server.js';

/** A listening registry server. */
export interface RegistryEndpoint {
  url: string;
  close(): Promise<void>;
}

/** Teams whose catalogs are kept at once (each holds its namespaces' files). */
const MAX_TEAMS = 16;

/** Serve the registry at `location` over Streamable HTTP, a team per bearer token. */
export async function serveRegistry(
  location: string,
  o: SkillServerOptions & { http: HttpOptions },
): Promise<RegistryEndpoint> {
  const registry = await openRegistry(location);
  const catalogs = new Map<string, { version: string; catalog: Promise<ServedCatalog> }>();
  const catalogOf = async (team: string): Promise<ServedCatalog> => {
    const spaces = await spacesOfTeam(registry, team);
    const version = `${spaces.join(',')}@${await generations(registry, spaces)}`;
    const kept = catalogs.get(team);
    if (kept?.version === version) return kept.catalog;
    kept?.catalog.then((c) => c.service.close()).catch(() => undefined);
    const catalog = registryService(registry, spaces).then((s) => createServedCatalog(s));
    catalogs.delete(team);
    catalogs.set(team, { version, catalog });
    if (catalogs.size > MAX_TEAMS) {
      const [oldest] = catalogs;
      if (oldest) {
        catalogs.delete(oldest[0]);
        oldest[1].catalog.then((c) => c.service.close()).catch(() => undefined);
      }
    }
    catalog.catch(() => catalogs.delete(team));
    return catalog;
  };
  const endpoint = await serveHttp(
    async (team) => createSkillServer(await catalogOf(team ?? ''), o).server,
    { ...o.http, authorize: (token) => teamOfToken(registry, token) },
  );
  return {
    url: endpoint.url,
    async close() {
      await endpoint.close();
      for (const c of catalogs.values())
        c.catalog.then(
          (x) => x.service.close(),
          () => undefined,
        );
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
