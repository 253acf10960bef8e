// The manifest `.skillset-export.json`: which files in the out folder skillset wrote, per owner (an
// export target, or a tier `skillset build` wrote), with their hashes.

import { createHash } from 'node:crypto';
import { underBase } from '../agents/conventions.js';
import { exportTarget } from '../agents/registry.js';

/** The manifest's file name, in the out folder. */
export const MANIFEST_FILE = '.skillset-export.json';

/** Files written per owner (a target's name, or `tier:<name>`): relative path → sha256 (hex) of the bytes written. */
export interface Manifest {
  version: 1;
  targets: Partial<Record<string, Record<string, string>>>;
}

/** An empty manifest. */
export function emptyManifest(): Manifest {
  return { version: 1, targets: {} };
}

/** sha256 of `bytes`, hex. */
export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The manifest key of the tier named `name`. */
export function tierKey(name: string): string {
  return `tier:${name}`;
}

/** True for a path of the tier `name`: below its entry router's folder or a `<name>-<domain>` one. */
function isTierPath(name: string, p: string): boolean {
  const top = p.split('/')[0] ?? '';
  return (
    name !== '' &&
    !name.includes('/') &&
    underBase('', p) &&
    (top === name || top.startsWith(`${name}-`))
  );
}

/** The own-path check of a manifest key; undefined for a key that names no owner. */
function ownPaths(key: string): ((p: string) => boolean) | undefined {
  if (key.startsWith('tier:')) return (p) => isTierPath(key.slice('tier:'.length), p);
  return exportTarget(key)?.isOwnPath;
}

const HEX64 = /^[0-9a-f]{64}$/;

/** Read a manifest; entries that are not a target's own paths are dropped (the file is never trusted to name others). */
export function parseManifest(
  text: string,
): { ok: true; manifest: Manifest; dropped: string[] } | { ok: false; reason: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { ok: false, reason: `not JSON (${(e as Error).message})` };
  }
  if (typeof raw !== 'object' || raw === null || (raw as { version?: unknown }).version !== 1)
    return { ok: false, reason: 'not a version 1 manifest' };
  const targets = (raw as { targets?: unknown }).targets;
  if (typeof targets !== 'object' || targets === null)
    return { ok: false, reason: 'no `targets` object' };
  const manifest = emptyManifest();
  const dropped: string[] = [];
  for (const [key, files] of Object.entries(targets as Record<string, unknown>)) {
    const own = ownPaths(key);
    if (own === undefined || typeof files !== 'object' || files === null) continue;
    const kept: Record<string, string> = {};
    for (const [p, hash] of Object.entries(files)) {
      if (own(p) && typeof hash === 'string' && HEX64.test(hash)) kept[p] = hash;
      else dropped.push(p);
    }
    manifest.targets[key] = kept;
  }
  return { ok: true, manifest, dropped };
}

const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The manifest's bytes: keys sorted, two-space indent, a final newline; equal manifests are equal bytes. */
export function serializeManifest(m: Manifest): Buffer {
  const targets: Record<string, Record<string, string>> = {};
  for (const key of Object.keys(m.targets).sort(byCodeUnit)) {
    const files = m.targets[key];
    if (!files || Object.keys(files).length === 0) continue;
    targets[key] = Object.fromEntries(Object.entries(files).sort(([a], [b]) => byCodeUnit(a, b)));
  }
  return Buffer.from(`${JSON.stringify({ version: 1, targets }, null, 2)}\n`);
}
