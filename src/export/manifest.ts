// The manifest `.skillset-export.json`: which files in the out folder skillset wrote, per target, with their hashes.

import { createHash } from 'node:crypto';
import { exportTarget } from '../agents/registry.js';
import { EXPORT_TARGETS, type ExportTarget } from './types.js';

/** The manifest's file name, in the out folder. */
export const MANIFEST_FILE = '.skillset-export.json';

/** Files written per target: relative path → sha256 (hex) of the bytes written. */
export interface Manifest {
  version: 1;
  targets: Partial<Record<ExportTarget, Record<string, string>>>;
}

/** An empty manifest. */
export function emptyManifest(): Manifest {
  return { version: 1, targets: {} };
}

/** sha256 of `bytes`, hex. */
export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The folder a target writes under (its own files never leave it). */
export function targetBase(target: ExportTarget): string {
  return exportTarget(target)?.base ?? '';
}

/** True for a `/`-separated relative path that is one of the target's own files. */
export function isTargetPath(target: ExportTarget, p: string): boolean {
  return exportTarget(target)?.isOwnPath(p) === true;
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
  for (const target of EXPORT_TARGETS) {
    const files = (targets as Record<string, unknown>)[target];
    if (typeof files !== 'object' || files === null) continue;
    const kept: Record<string, string> = {};
    for (const [p, hash] of Object.entries(files)) {
      if (isTargetPath(target, p) && typeof hash === 'string' && HEX64.test(hash)) kept[p] = hash;
      else dropped.push(p);
    }
    manifest.targets[target] = kept;
  }
  return { ok: true, manifest, dropped };
}

const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The manifest's bytes: keys sorted, two-space indent, a final newline; equal manifests are equal bytes. */
export function serializeManifest(m: Manifest): Buffer {
  const targets: Record<string, Record<string, string>> = {};
  for (const target of [...EXPORT_TARGETS].sort(byCodeUnit)) {
    const files = m.targets[target];
    if (!files || Object.keys(files).length === 0) continue;
    targets[target] = Object.fromEntries(
      Object.entries(files).sort(([a], [b]) => byCodeUnit(a, b)),
    );
  }
  return Buffer.from(`${JSON.stringify({ version: 1, targets }, null, 2)}\n`);
}
