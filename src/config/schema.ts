// The config file's schema (zod: loaded only when a config file is found).

import { z } from 'zod';

const level = z.enum(['off', 'info', 'warn', 'warning', 'error']);
export const ruleSetting = z.union([
  level,
  z.tuple([level]),
  z.tuple([level, z.record(z.string(), z.unknown())]),
]);

export const schema = z
  .object({
    $schema: z.string().optional(),
    lint: z
      .object({
        profile: z.enum(['spec', 'recommended', 'security']).optional(),
        rules: z.record(z.string(), ruleSetting).optional(),
      })
      .strict()
      .optional(),
    search: z
      .object({
        /** `coverage: ok` from this share of the query's IDF-weighted terms (0–1). */
        okCoverage: z.number().min(0).max(1).optional(),
        /** The old name of `okCoverage` (when the gate said only `ok` or `none`), still read. */
        minCoverage: z.number().min(0).max(1).optional(),
        /** `coverage: none` below this share (0–1); `weak` between it and `okCoverage`. */
        weakCoverage: z.number().min(0).max(1).optional(),
        /** `ok` also needs this much of the query matched, in rare words (docs/search.md). */
        okEvidence: z.number().min(0).max(100).optional(),
        /** In the gate, a word no skill uses weighs this times its own IDF (the rarest there is). */
        unknownWeight: z.number().min(0).max(10).optional(),
        /** A misspelled word's weight is multiplied by this per edit (0: no typo matching). */
        typoWeight: z.number().min(0).max(1).optional(),
        /** How many of the best skills the coverage gate looks at (1 = only the best). */
        gateDepth: z.number().int().min(1).max(100).optional(),
        /** The most a term found only in a skill's body counts toward the gate (0–1). */
        bodyCoverage: z.number().min(0).max(1).optional(),
        /** How fast a body-only term's gate credit grows with its count (0: presence is enough). */
        bodySaturation: z.number().min(0).max(100).optional(),
        /** The semantic pass: word meaning learned from the library, fused with the lexical ranking. */
        semantic: z.boolean().optional(),
        /** Its share of a fused score (0–1). */
        semanticWeight: z.number().min(0).max(1).optional(),
        /** Its models, their cosines averaged: `terms` (learned from the library), `use` (the sentence encoder), `http` (embeddingEndpoint). */
        semanticModels: z
          .array(z.enum(['terms', 'use', 'http']))
          .min(1)
          .optional(),
        /**
         * The `http` model: an OpenAI-compatible embeddings endpoint (honoured from the user config,
         * the command line's --config or the library's caller, never from a project's own config).
         */
        embeddingEndpoint: z
          .object({
            url: z.string().url(),
            model: z.string().min(1),
            timeoutMs: z.number().int().min(1).max(600_000).optional(),
            /** The environment variable that holds the API key (the key itself is never in a config). */
            apiKeyEnv: z
              .string()
              .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
              .optional(),
          })
          .strict()
          .optional(),
        /** Score weights (see docs/search.md). */
        weights: z
          .object({
            meta: z.number().min(0),
            body: z.number().min(0),
            coverage: z.number().min(0),
            name: z.number().min(0),
            phrase: z.number().min(0),
            nameQuery: z.number().min(0),
            trigger: z.number().min(0),
            authority: z.number().min(0),
            exactName: z.number().min(0),
          })
          .partial()
          .strict()
          .optional(),
      })
      .strict()
      .optional(),
    select: z
      .object({
        /** Agent profiles of the project's own, beside the built-in ones (docs/selection.md). */
        profiles: z
          .record(
            z.string().regex(/^[a-z][a-z0-9-]*$/),
            z
              .object({
                capability: z.enum(['low', 'medium', 'high']).optional(),
                critical: z.array(z.string()).optional(),
                standard: z.array(z.string()).optional(),
                optional: z.array(z.string()).optional(),
                default: z.enum(['critical', 'standard', 'optional']).optional(),
              })
              .strict(),
          )
          .optional(),
        /** The budget, and what it counts (default 15,500 characters). */
        budget: z.number().int().min(0).optional(),
        unit: z.enum(['chars', 'tokens']).optional(),
        /** Load a part of a skill that does not fit whole (default true; false: whole skills only). */
        parts: z.boolean().optional(),
      })
      .strict()
      .optional(),
    listing: z
      .object({
        /** The listing's budget in characters; else `contextTokens × 4 × fraction`; else 8,000. */
        budget: z.number().int().min(0).optional(),
        contextTokens: z.number().int().min(1).optional(),
        fraction: z.number().gt(0).max(1).optional(),
        /** The most description plus when_to_use may take in one entry (default 1,536). */
        entryCap: z.number().int().min(1).optional(),
        /** Skills whose entries are never cut. */
        pinned: z.array(z.string()).optional(),
        format: z.enum(['markdown', 'xml', 'json']).optional(),
      })
      .strict()
      .optional(),
    permissions: z
      .object({
        /** Rules `Skill(name)`, `Skill(prefix:*)`, `Skill(name *)`; deny is checked first. */
        allow: z.array(z.string()).optional(),
        deny: z.array(z.string()).optional(),
        /** Per skill: `on`, `name-only`, `user-invocable-only` or `off`. */
        overrides: z
          .record(z.string(), z.enum(['on', 'name-only', 'user-invocable-only', 'off']))
          .optional(),
      })
      .strict()
      .optional(),
    load: z
      .object({
        /** The most one load holds: the body and its imports, in UTF-8 bytes (default 100,000). */
        maxBytes: z.number().int().min(1).optional(),
        /** The most files one load imports (default 100). */
        maxImports: z.number().int().min(0).optional(),
      })
      .strict()
      .optional(),
    audit: z
      .object({
        /**
         * Hide the skills that fail the audit (an `error` finding of the `security` profile) from the
         * catalog every face serves: the MCP server, the listing, search, load and select. A project's
         * own config may turn it on, never off.
         */
        hide: z.boolean().optional(),
        /** Rules whose errors do not hide a skill (`security/pipe-to-shell`); the user's config only. */
        allow: z.array(z.string().min(1)).optional(),
      })
      .strict()
      .optional(),
    invoke: z
      .object({
        /** `off` turns shell injection off for every skill. */
        shell: z.enum(['on', 'off']).optional(),
        /**
         * Trust every project's skills to run shell. Read from the user's config only: a project's
         * own config cannot grant itself trust.
         */
        trustProject: z.boolean().optional(),
        /** Folders whose skills are trusted (a project at or below one); the user's config only. */
        trustedProjects: z.array(z.string().min(1)).optional(),
        /** How long one shell command may run, in milliseconds (default 10,000). */
        timeoutMs: z.number().int().min(1).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

/** A rule's setting in config: a level, or a level and options. */
export type RuleSetting = z.infer<typeof ruleSetting>;

/** The config file's contents. */
export type SkillsetConfig = z.infer<typeof schema>;
