// The config file's `select` and `search` sections as settings.

import type { SkillsetConfig } from '../config/schema.js';
import { SkillsetError } from '../errors.js';
import { DEFAULT_RANK, type RankSettings } from '../search/rank-settings.js';
import type { AgentProfile } from '../select/model-filter.js';
import type { Settings } from './settings.js';

type SelectConfig = NonNullable<SkillsetConfig['select']>;

/** The config's `select` section as settings: each profile named by its key. */
export function selectSettings(c: SelectConfig = {}): Settings['select'] {
  const profiles: Record<string, AgentProfile> = {};
  for (const [name, p] of Object.entries(c.profiles ?? {})) {
    const profile: AgentProfile = { name };
    if (p.capability) profile.capability = p.capability;
    if (p.critical) profile.critical = p.critical;
    if (p.standard) profile.standard = p.standard;
    if (p.optional) profile.optional = p.optional;
    if (p.default) profile.default = p.default;
    profiles[name] = profile;
  }
  const out: Settings['select'] = { profiles };
  if (c.budget !== undefined) out.budget = c.budget;
  if (c.unit !== undefined) out.unit = c.unit;
  if (c.parts !== undefined) out.parts = c.parts;
  return out;
}

type SearchConfig = NonNullable<SkillsetConfig['search']>;

/** Ranker settings: the defaults, overridden by the config file's `search` section. */
export function rankSettings(s: SearchConfig = {}, semantic?: boolean): RankSettings {
  const settings: RankSettings = { ...DEFAULT_RANK, weights: { ...DEFAULT_RANK.weights } };
  const ok = s.okCoverage ?? s.minCoverage;
  if (ok !== undefined) settings.okCoverage = ok;
  if (s.weakCoverage !== undefined) settings.weakCoverage = s.weakCoverage;
  if (s.okEvidence !== undefined) settings.okEvidence = s.okEvidence;
  if (s.unknownWeight !== undefined) settings.unknownWeight = s.unknownWeight;
  if (s.typoWeight !== undefined) settings.typoWeight = s.typoWeight;
  if (s.bodyCoverage !== undefined) settings.bodyCoverage = s.bodyCoverage;
  if (s.gateDepth !== undefined) settings.gateDepth = s.gateDepth;
  if (s.bodySaturation !== undefined) settings.bodySaturation = s.bodySaturation;
  const on = semantic ?? s.semantic;
  if (on !== undefined) settings.semantic = on;
  if (s.semanticWeight !== undefined) settings.semanticWeight = s.semanticWeight;
  if (s.semanticModels !== undefined) settings.semanticModels = [...new Set(s.semanticModels)];
  const e = s.embeddingEndpoint;
  if (e !== undefined)
    settings.embeddingEndpoint = {
      url: e.url,
      model: e.model,
      ...(e.timeoutMs !== undefined ? { timeoutMs: e.timeoutMs } : {}),
      ...(e.apiKeyEnv !== undefined ? { apiKeyEnv: e.apiKeyEnv } : {}),
    };
  for (const [k, v] of Object.entries(s.weights ?? {}))
    if (v !== undefined) settings.weights[k as keyof RankSettings['weights']] = v;
  if (settings.weakCoverage > settings.okCoverage)
    throw new SkillsetError(
      'config/invalid',
      `search.weakCoverage (${settings.weakCoverage}) is above search.okCoverage (${settings.okCoverage}): an answer sure enough for \`ok\` would be \`none\``,
      {
        hint: `Keep weakCoverage at or under okCoverage (the defaults: ${DEFAULT_RANK.weakCoverage} and ${DEFAULT_RANK.okCoverage}).`,
      },
    );
  return settings;
}
