// The scorer: weight × feature for every feature, and their sum.

import { FEATURES, type Feature, type FeatureVector } from './features.js';

/** The weight of each feature in the score. */
export type FeatureWeights = Record<Feature, number>;

/** A score and the parts that add up to it. */
export interface Scored {
  score: number;
  parts: Record<Feature, number>;
}

/** Weigh a feature vector: the score is the sum of weight × feature. */
export function scoreFeatures(features: FeatureVector, weights: FeatureWeights): Scored {
  const parts = {} as Record<Feature, number>;
  let score = 0;
  for (const f of FEATURES) {
    const part = weights[f] * features[f];
    parts[f] = part;
    score += part;
  }
  return { score, parts };
}
