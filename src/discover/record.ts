// A skill record: plain fields every command reads, and front matter decoded from its parse on first
// access. Records are frozen once discovery resolves them; a change makes a new record (`withChanges`).

import path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { RecordChanges } from '../skill/changes.js';
import { estimateTokens } from '../skill/parse.js';
import type { ParsedSkillFile, RootSpec, Skill, SkillFrontmatter } from '../skill/types.js';

const NO_DIAGNOSTICS: Diagnostic[] = Object.freeze([]) as unknown as Diagnostic[];

/**
 * A parse's plain fields, as a record takes them. With no description, the record's description is
 * read from its parse on first access (a snapshot's record: a search reads none of them).
 */
export type RecordHead = Omit<
  ParsedSkillFile,
  'frontmatter' | 'raw' | 'positions' | 'scalarSources' | 'description'
> & { description?: string };

/** One frozen source per root, shared by its records. */
const sources = new WeakMap<RootSpec, Skill['source']>();
function sourceOf(spec: RootSpec): Skill['source'] {
  let source = sources.get(spec);
  if (!source) {
    source = Object.freeze(
      spec.plugin
        ? { scope: spec.scope, root: spec.path, plugin: spec.plugin }
        : { scope: spec.scope, root: spec.path },
    );
    sources.set(spec, source);
  }
  return source;
}

/** A skill record whose front matter is read from its parse on first access (cached parses decode lazily). */
export class SkillRecord implements Skill {
  // Declared, not defined: the constructor makes each field in this order (the order JSON shows), and
  // a warm start does not define thirteen fields on a thousand records before it sets them.
  declare id: string;
  declare name: string;
  declare source: Skill['source'];
  declare path: string;
  declare dir: string;
  declare realPath: string;
  declare description: string;
  declare descriptionSource: Skill['descriptionSource'];
  declare contentHash: string;
  declare size: Skill['size'];
  declare bodyOffset: number;
  declare bodyLine: number;
  declare diagnostics: Diagnostic[];
  readonly #parsed: ParsedSkillFile;
  /** Is the description read from the parse on first access? */
  readonly #lazy: boolean;

  /** The getter of a description read on first access: one function for every record. */
  static readonly #describe = function (this: SkillRecord): string {
    return this.#parsed.description;
  };

  /**
   * `dir` is `file`'s folder, when the caller has it at hand; `head`, the parse's plain fields when
   * they are at hand apart from it (a snapshot's record, whose parse reads them from its columns).
   */
  constructor(
    parsed: ParsedSkillFile,
    spec: RootSpec,
    file: string,
    name: string,
    realPath: string,
    extra: readonly Diagnostic[],
    dir: string = path.dirname(file),
    head: RecordHead = parsed,
  ) {
    this.#parsed = parsed;
    this.#lazy = head.description === undefined;
    this.id = spec.plugin ? `${spec.plugin}:${name}` : name;
    this.name = name;
    this.source = sourceOf(spec);
    this.path = file;
    this.dir = dir;
    // The same string when the file is reached directly (most are): one copy for 100,000 records.
    this.realPath = realPath === file ? file : realPath;
    // An own, enumerable property either way, in its place: spread, keys and JSON see the same record.
    if (head.description !== undefined) this.description = head.description;
    else
      Object.defineProperty(this, 'description', {
        get: SkillRecord.#describe,
        enumerable: true,
        configurable: true,
      });
    this.descriptionSource = head.descriptionSource;
    this.contentHash = head.contentHash;
    this.size = { bytes: head.bytes, tokens: estimateTokens(head.bytes) };
    this.bodyOffset = head.bodyOffset;
    this.bodyLine = head.bodyLine;
    // A record with none shares one frozen empty list (records are frozen once made).
    this.diagnostics =
      extra.length > 0
        ? [...extra, ...head.diagnostics]
        : head.diagnostics.length > 0
          ? [...head.diagnostics]
          : NO_DIAGNOSTICS;
  }

  /** A new record with `changes` applied; this one is left as it is. */
  withChanges(changes: RecordChanges): SkillRecord {
    const { root, scope, plugin } = this.source;
    const spec: RootSpec = plugin ? { path: root, scope, plugin } : { path: root, scope };
    const r = new SkillRecord(
      this.#parsed,
      spec,
      this.path,
      this.name,
      this.realPath,
      [],
      this.dir,
      {
        loadable: true,
        ...(this.#lazy ? {} : { description: this.description }),
        descriptionSource: this.descriptionSource,
        contentHash: this.contentHash,
        bytes: this.size.bytes,
        bodyOffset: this.bodyOffset,
        bodyLine: this.bodyLine,
        diagnostics: [],
      },
    );
    r.source = this.source;
    r.id = changes.id ?? this.id;
    r.dir = changes.dir ?? this.dir;
    r.diagnostics = [...this.diagnostics, ...(changes.diagnostics ?? [])];
    return r;
  }

  get frontmatter(): SkillFrontmatter {
    return this.#parsed.frontmatter;
  }

  get raw(): Record<string, unknown> {
    return this.#parsed.raw;
  }

  get positions(): Skill['positions'] {
    return this.#parsed.positions;
  }

  get scalarSources(): Skill['scalarSources'] {
    return this.#parsed.scalarSources;
  }

  /** A plain object with every field, for JSON. */
  toJSON(): Skill {
    return {
      ...this,
      frontmatter: this.frontmatter,
      raw: this.raw,
      positions: this.positions,
      scalarSources: this.scalarSources,
    };
  }
}
