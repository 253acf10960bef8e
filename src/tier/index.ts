// The tier for big libraries (docs/tiers.md): what the service uses.

export { buildTier, type TierDrift } from './build.js';
export type { GlossCoverage } from './coverage.js';
export { glossCoverage } from './coverage.js';
export type { DomainStrategy } from './domains.js';
export { measureTier, type TierMeasure } from './measure.js';
export { GENERATED } from './render.js';
