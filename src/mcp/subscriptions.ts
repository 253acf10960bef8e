// `resources/subscribe` and `resources/unsubscribe`: one session's subscriptions to `skill://` files,
// and the URIs a batch of the watcher touched, for `notifications/resources/updated`. A file is
// matched by where it was when last looked at and where it is now, so a subscriber hears of a file
// created, edited or removed. A session holds at most MAX_SUBSCRIPTIONS URIs, each of a bounded
// length; a URI that is not `skill://` can never change here, and is accepted without being held.

import path from 'node:path';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { CatalogView, ServedCatalog } from './catalog.js';
import { handleChecked, invalidParams } from './errors.js';
import { resolveSkillUri, type SkillAddress } from './uris.js';

/** URIs one session may subscribe to at once. */
export const MAX_SUBSCRIPTIONS = 1_000;

/** The longest URI held: past it no file can be named (a path is at most 4,096 bytes on Linux). */
export const MAX_URI_CHARS = 8_192;

const byPath = new WeakMap<CatalogView, Map<string, SkillAddress>>();

/** The file a `skill://` URI names in `view`, by the longest skill path that holds it. */
function resolve(view: CatalogView, uri: string) {
  let index = byPath.get(view);
  if (!index) {
    index = new Map(view.addresses.map((a) => [a.path, a]));
    byPath.set(view, index);
  }
  const rest = uri.slice('skill://'.length);
  for (let i = rest.lastIndexOf('/'); i > 0; i = rest.lastIndexOf('/', i - 1)) {
    const a = index.get(rest.slice(0, i));
    if (a) return resolveSkillUri([a], uri);
  }
  return undefined;
}

/** Where the file of `uri` is on disk in `view`: by the skill's path and by its real path. */
function pathsOf(view: CatalogView, uri: string): string[] {
  const hit = resolve(view, uri);
  if (!hit || hit.file === '') return [];
  const { skill } = hit.address;
  return [...new Set([skill.path, skill.realPath])].map((p) =>
    path.join(path.dirname(p), hit.file),
  );
}

/** One session's subscriptions. */
export class Subscriptions {
  /** Each URI, with where its file was when last looked at. */
  private readonly held = new Map<string, string[]>();
  private view: CatalogView;

  constructor(private readonly catalog: ServedCatalog) {
    this.view = catalog.view;
  }

  get size(): number {
    return this.held.size;
  }

  subscribe(uri: string): void {
    if (!uri.startsWith('skill://') || this.held.has(uri)) return;
    if (uri.length > MAX_URI_CHARS)
      throw invalidParams(`A URI of ${uri.length} characters names no skill file`);
    if (this.held.size >= MAX_SUBSCRIPTIONS)
      throw invalidParams(
        `A session subscribes to at most ${MAX_SUBSCRIPTIONS.toLocaleString('en-US')} resources: unsubscribe from one first`,
        { limit: MAX_SUBSCRIPTIONS },
      );
    this.held.set(uri, pathsOf(this.catalog.view, uri));
  }

  unsubscribe(uri: string): void {
    this.held.delete(uri);
  }

  /**
   * The URIs whose file is one of `files`, or lies in one of them (the watch names skill folders
   * when it polls), before or after the catalog changed; in the order they were subscribed.
   */
  touched(files: readonly string[]): string[] {
    const changed = new Set(files);
    const hit = (p: string): boolean => {
      for (let d = p; ; d = path.dirname(d)) {
        if (changed.has(d)) return true;
        if (path.dirname(d) === d) return false;
      }
    };
    const moved = this.view !== this.catalog.view;
    this.view = this.catalog.view;
    const out: string[] = [];
    for (const [uri, before] of this.held) {
      const now = moved ? pathsOf(this.view, uri) : before;
      if (moved) this.held.set(uri, now);
      if (before.some(hit) || now.some(hit)) out.push(uri);
    }
    return out;
  }
}

/** Answer subscribe and unsubscribe on `server`; the subscriptions, for the watcher's batches. */
export function registerSubscriptions(server: Server, catalog: ServedCatalog): Subscriptions {
  const subs = new Subscriptions(catalog);
  handleChecked(server, SubscribeRequestSchema, (req) => {
    subs.subscribe(req.params.uri);
    return {};
  });
  handleChecked(server, UnsubscribeRequestSchema, (req) => {
    subs.unsubscribe(req.params.uri);
    return {};
  });
  return subs;
}
