// The MCP Skills extension (`io.modelcontextprotocol/skills`, SEP-2640; modelcontextprotocol/ext-skills,
// specification/stable/skills.mdx): `skills/list` (cursor pages, whole entries), `skills/get` (an
// unknown URI is -32602) and `resources/directory/read`. The SDK has no types for them yet: the
// schemas are ours, in this one module, to be swapped for the SDK's once it ships them.

import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { z } from 'zod';
import type { SkillFile } from '../core/skill-files.js';
import { invalidParams } from './errors.js';
import { cursorOf, jsonBytes, offsetOf, PAGE_BYTES } from './pages.js';
import type { SkillAddress } from './uris.js';
import { resolveSkillUri } from './uris.js';

/** The extension's id, the key of its capability. */
export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';

/** The capability the server declares (with `resources`, which the extension requires). */
export const SKILLS_CAPABILITY = { directoryRead: true } as const;

/** The limits a served skill keeps to (the spec's: hosts must support these). */
export const MAX_SKILL_FILES = 512;
export const MAX_SKILL_BYTES = 16 * 1024 * 1024;
/**
 * The largest file of a skill the extension offers (2 MiB): its `resources/read`, as base64, stays
 * under MAX_MESSAGE_BYTES.
 */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;

/** Entries per `skills/list` page at most (fewer when they pass PAGE_BYTES). */
export const PAGE_SIZE = 50;

/** How long a host may treat an entry as current (a local folder changes under the user's hand). */
const CACHE = { ttlMs: 10_000, cacheScope: 'private' } as const;

// The requests are checked here, not by the schemas: a bad parameter is -32602 with one line, where
// a failed schema would be -32603 with the validator's dump.
const ListRequest = z.object({ method: z.literal('skills/list'), params: z.unknown().optional() });
const GetRequest = z.object({ method: z.literal('skills/get'), params: z.unknown().optional() });
const DirectoryRequest = z.object({
  method: z.literal('resources/directory/read'),
  params: z.unknown().optional(),
});

/** The string parameter `key` of `params`, or -32602 naming it. */
function param(params: unknown, key: string, required: boolean): string | undefined {
  const v =
    params && typeof params === 'object' ? (params as Record<string, unknown>)[key] : undefined;
  if (v === undefined && !required) return undefined;
  if (typeof v !== 'string')
    throw invalidParams(`params.${key} must be a string${required ? '' : ' when given'}`);
  return v;
}

/** What the extension needs from the server: the addresses, a skill's files, the catalog's version. */
export interface SkillSource {
  addresses(): SkillAddress[];
  files(address: SkillAddress): Promise<SkillFile[] | undefined>;
  version(): string;
}

const invalid = (message: string, uri: string) => invalidParams(message, { uri });

/** The entry of one skill, or undefined when it cannot be served whole (over the limits). */
async function entry(source: SkillSource, a: SkillAddress) {
  const files = await source.files(a);
  if (!files) return undefined;
  const e = {
    uri: a.uri,
    frontmatter: JSON.parse(JSON.stringify(a.skill.raw)) as Record<string, unknown>,
    resources: files.map((f) => ({
      uri: `skill://${a.path}/${f.path.split('/').map(encodeURIComponent).join('/')}`,
      digest: f.digest,
      size: f.size,
    })),
  };
  // An entry is never split: one too large for a page is not offered.
  return jsonBytes(e) <= PAGE_BYTES ? e : undefined;
}

/** Register the extension's methods on `server`. */
export function registerSkillsExtension(server: Server, source: SkillSource): void {
  server.setRequestHandler(ListRequest, async (req) => {
    const served = source.addresses().filter((a) => a.conforms);
    const version = source.version();
    const start = offsetOf('skills', param(req.params, 'cursor', false), version, served.length);
    const skills = [];
    let used = 0;
    let i = start;
    for (; i < served.length && skills.length < PAGE_SIZE; i++) {
      const e = await entry(source, served[i] as SkillAddress);
      if (!e) continue;
      used += jsonBytes(e);
      if (used > PAGE_BYTES && skills.length > 0) break;
      skills.push(e);
    }
    return {
      resultType: 'complete',
      skills,
      ...(i < served.length ? { nextCursor: cursorOf('skills', i, version) } : {}),
      ...CACHE,
    };
  });

  server.setRequestHandler(GetRequest, async (req) => {
    const uri = param(req.params, 'uri', true) as string;
    const a = source.addresses().find((x) => x.conforms && x.uri === uri);
    const e = a && (await entry(source, a));
    if (!e) throw invalid(`No skill is served at ${uri}`, uri);
    return { resultType: 'complete', skill: e, ...CACHE };
  });

  server.setRequestHandler(DirectoryRequest, async (req) => {
    const uri = (param(req.params, 'uri', true) as string).replace(/\/+$/, '');
    const hit = resolveSkillUri(source.addresses(), uri);
    const files = hit && (await source.files(hit.address));
    if (!hit || !files) throw invalid(`${uri} is not a directory resource`, uri);
    const dir = hit.file === '' ? '' : `${hit.file}/`;
    if (dir !== '' && !files.some((f) => f.path.startsWith(dir)))
      throw invalid(`${uri} is not a directory resource`, uri);
    const children = new Map<string, boolean>();
    for (const f of files) {
      if (!f.path.startsWith(dir)) continue;
      const [head, ...more] = f.path.slice(dir.length).split('/');
      if (head) children.set(head, (children.get(head) ?? false) || more.length > 0);
    }
    const resources = [...children]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, isDir]) => ({
        uri: `${uri}/${encodeURIComponent(name)}`,
        name,
        mimeType: isDir ? 'inode/directory' : mimeTypeOf(name),
      }));
    return { resultType: 'complete', resources };
  });
}

/** A file's MIME type by its extension (text/markdown for SKILL.md). */
export function mimeTypeOf(file: string): string {
  const ext = file.toLowerCase().split('.').pop() ?? '';
  const known: Record<string, string> = {
    md: 'text/markdown',
    txt: 'text/plain',
    json: 'application/json',
    yaml: 'application/yaml',
    yml: 'application/yaml',
    js: 'text/javascript',
    mjs: 'text/javascript',
    ts: 'text/x-typescript',
    py: 'text/x-python',
    sh: 'text/x-shellscript',
    html: 'text/html',
    css: 'text/css',
    csv: 'text/csv',
    xml: 'application/xml',
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    gif: 'image/gif',
    svg: 'image/svg+xml',
    pdf: 'application/pdf',
  };
  return known[ext] ?? 'application/octet-stream';
}
