// `skillset publish`: a library synced into a registry's namespace (a space of the PostgreSQL index)
// by content digest. Each skill's folder has one digest over its files; a skill whose digest the
// namespace already holds costs that comparison only. What changed is written a batch per
// transaction, each skill's document, postings and files together, as the namespace's next
// generation, which readers see all at once when the last transaction makes it current.

import path from 'node:path';
import type { SkillService } from '../core/service.js';
import { readSkillBody } from '../discover/body.js';
import { SkillsetError } from '../errors.js';
import type { FileSystem } from '../files/fs.js';
import { folderManifest, MAX_INSTALL_FILE_BYTES, type Manifest } from '../install/manifest.js';
import { type SearchDocument, toDocument } from '../search/document.js';
import type { IndexContents, UpdateStats } from '../search/index-store.js';
import type { Tx } from '../search/pg-flip.js';
import type { Skill } from '../skill/types.js';
import { mapBounded, READS_IN_FLIGHT } from '../util/bounded.js';
import { folderOf, registryId } from './paths.js';

/** What to publish where. */
export interface PublishInput {
  /** The registry: `postgres://USER@HOST:PORT/DATABASE[?schema=NAME]`. */
  store: string;
  /** The namespace the library is published as (teams are granted namespaces). */
  namespace: string;
  /** Remove the namespace's skills that the library no longer has (default: keep them). */
  prune?: boolean;
}

/** What a publish did. */
export interface PublishView extends UpdateStats {
  namespace: string;
  /** The registry, as it may be printed (never a password). */
  store: string;
  /** Skills the namespace holds now. */
  skills: number;
  /** Skills the namespace kept that the library no longer has (without --prune). */
  kept: number;
  ms: number;
}

/** A namespace is a plain lower-case name: it is part of every skill id (`namespace:name`). */
const NAMESPACE = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** One skill as published: where it lives in the registry, its manifest. */
interface Entry {
  skill: Skill;
  manifest: Manifest;
  folder: string;
}

/** Publish the service's library into `input.namespace` of the registry at `input.store`. */
export async function publishLibrary(
  service: SkillService,
  input: PublishInput,
  progress?: (done: number, total: number) => void,
): Promise<PublishView> {
  if (!NAMESPACE.test(input.namespace))
    throw new SkillsetError(
      'usage/invalid-option',
      `The namespace \`${input.namespace}\` is not a plain lower-case name`,
      { hint: 'Use lower-case letters, digits and `-` (at most 64).' },
    );
  const started = process.hrtime.bigint();
  const catalog = await service.catalog();
  if (!catalog.ok) throw catalog.problem;
  const fs = service.settings.fs;
  const entries = new Map<string, Entry>();
  const skills = catalog.value.skills;
  const manifests = await mapBounded(skills, READS_IN_FLIGHT, (skill) =>
    folderManifest(fs, skill.dir),
  );
  skills.forEach((skill, i) => {
    const folder = folderOf(input.namespace, skill.id);
    entries.set(`${folder}/SKILL.md`, { skill, manifest: manifests[i] as Manifest, folder });
  });
  const { PgIndexStore } = await import('../search/pg-store.js');
  const store = await PgIndexStore.open(input.store, { space: input.namespace });
  try {
    const held = await store.spaceContents();
    const contents = new Map<string, { hash: string; id: string }>();
    let kept = 0;
    if (!input.prune)
      for (const [p, c] of held)
        if (!entries.has(p)) {
          contents.set(p, c);
          kept++;
        }
    for (const [p, e] of entries)
      contents.set(p, { hash: e.manifest.digest, id: registryId(input.namespace, e.skill.id) });
    store.attachToNext((tx, docs) => writeFiles(tx, fs, docs, entries));
    const stats = await store.apply(
      contents as IndexContents,
      async (p) => {
        const e = entries.get(p);
        return e ? documentOf(e, input.namespace, fs) : undefined;
      },
      progress,
    );
    return {
      namespace: input.namespace,
      store: store.shown,
      skills: contents.size,
      kept,
      ...stats,
      ms: Math.round(Number(process.hrtime.bigint() - started) / 1e6),
    };
  } finally {
    store.close();
  }
}

/** A skill's search document as the registry holds it: its registry id, path and folder digest. */
async function documentOf(e: Entry, namespace: string, fs: FileSystem): Promise<SearchDocument> {
  const body = (await readSkillBody(e.skill, { fs })).body;
  return {
    ...toDocument(e.skill, body),
    id: registryId(namespace, e.skill.id),
    path: `${e.folder}/SKILL.md`,
    contentHash: e.manifest.digest,
  };
}

/** The files of the skills of one batch, written in its transaction beside their documents. */
async function writeFiles(
  tx: Tx & { gen: number },
  fs: FileSystem,
  docs: readonly SearchDocument[],
  entries: ReadonlyMap<string, Entry>,
): Promise<void> {
  const rows = { folder: [] as string[], rel: [] as string[], size: [] as number[] };
  const more = { mode: [] as number[], digest: [] as string[], bytes: [] as Buffer[] };
  for (const d of docs) {
    const e = entries.get(d.path);
    if (!e) continue;
    for (const f of e.manifest.files) {
      const read = await fs.readFile(path.join(e.skill.dir, f.path), MAX_INSTALL_FILE_BYTES);
      if (!read.ok) continue;
      rows.folder.push(e.folder);
      rows.rel.push(f.path);
      rows.size.push(read.size);
      more.mode.push(f.executable ? 0o755 : 0o644);
      more.digest.push(f.digest);
      more.bytes.push(read.bytes);
    }
  }
  if (rows.folder.length === 0) return;
  await tx.client.query(
    `INSERT INTO ${tx.s}.files(space, gen, folder, rel, size, mode, digest, bytes)
    SELECT $1, $2, * FROM unnest($3::text[], $4::text[], $5::int[], $6::int[], $7::text[], $8::bytea[])`,
    [tx.space, tx.gen, rows.folder, rows.rel, rows.size, more.mode, more.digest, more.bytes],
  );
}
