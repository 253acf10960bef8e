// A registry as its readers see it: one pool to the registry's database, and for a set of namespaces
// (what a team was granted) a service over them. The service is the one every face calls, over the
// registry's files (registry-fs.ts) and a store that reads only those namespaces and never writes:
// search, list, load and read-file are scoped to them in SQL, as the files are.

import type pg from 'pg';
import { createService, type SkillService } from '../core/service.js';
import { resolveSettings } from '../core/settings.js';
import { REGISTRY_MOUNT } from './paths.js';
import { registryFileSystem } from './registry-fs.js';

/** An open registry: its pool, shared by every service over it. */
export interface Registry {
  pool: pg.Pool;
  /** The schema, unquoted. */
  schema: string;
  /** The location as it may be printed (never a password). */
  shown: string;
  close(): Promise<void>;
}

/** Open the registry at a `postgres://` location (its tables made if missing). */
export async function openRegistry(location: string): Promise<Registry> {
  const { connect } = await import('../search/pg-schema.js');
  const { pool, where } = await connect(location);
  return {
    pool,
    schema: where.schema,
    shown: where.shown,
    close: () => pool.end().catch(() => undefined),
  };
}

/**
 * A service over the namespaces `spaces` of `registry`, read at their current generations: skills go
 * by `namespace:name`. `reload` moves it to the generations current then.
 */
export async function registryService(
  registry: Registry,
  spaces: readonly string[],
): Promise<SkillService & { reload(): Promise<void> }> {
  const visible = [...new Set(spaces)].sort();
  const fs = await registryFileSystem(
    registry.pool,
    `"${registry.schema}"`,
    visible,
    registry.shown,
  );
  const settings = await resolveSettings({
    cwd: REGISTRY_MOUNT,
    roots: [REGISTRY_MOUNT],
    cache: false,
    userConfigFile: false,
    fs,
  });
  settings.discover.roots = visible.map((ns) => ({
    path: `${REGISTRY_MOUNT}/${ns}`,
    scope: 'additional' as const,
    plugin: ns,
  }));
  const { PgIndexStore } = await import('../search/pg-store.js');
  settings.openStore = () =>
    PgIndexStore.open(registry.shown, { scope: visible, readOnly: true }, registry);
  const service = await createService(settings);
  // A publish made current: the files read again, then the catalog (the store reads the new generation).
  return Object.assign(service, {
    async reload() {
      await fs.reload();
      await service.refresh();
    },
  });
}
