// An OpenAI-compatible embeddings endpoint (OpenAI, or a local llama.cpp, Ollama, vLLM or
// text-embeddings-inference server) as a semantic model: a skill's name and description, and a query,
// sent as `{ model, input }` and read back as `{ data: [{ embedding, index }] }`. An endpoint that is
// slow, down, or answers what is not one vector per text of one size is `search/model-unavailable`:
// the pass warns and goes on without it.

import { createHash } from 'node:crypto';
import { SkillsetError } from '../errors.js';
import type { SemanticModel } from './embedder.js';
import type { ModelProvider } from './semantic.js';

/** Where httpModelFor's endpoint is and how to ask it. */
export interface HttpModelOptions {
  /** The endpoint's full URL, as `https://api.openai.com/v1/embeddings` or `http://127.0.0.1:8080/v1/embeddings`. */
  url: string;
  /** The model asked for (the request's `model`), as `text-embedding-3-small` or `nomic-embed-text`. */
  model: string;
  /** How long one request may take before the endpoint counts as unavailable, in ms (default 30 000). */
  timeoutMs?: number;
  /**
   * The name of the environment variable that holds the API key, sent as `Authorization: Bearer`
   * (no key sent without it). The key is never read from configuration text.
   */
  apiKeyEnv?: string;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** Texts per request: endpoints limit a request's inputs (OpenAI: 2048; small local servers far fewer). */
const BATCH = 32;

/** The text the first request sends, to learn the vectors' size. */
const PROBE = 'skill';

/** The endpoint, ready to be asked. */
interface Endpoint {
  url: string;
  model: string;
  timeoutMs: number;
  headers: Record<string, string>;
}

/** `search/model-unavailable` naming the endpoint and what went wrong. */
function unavailable(url: string, what: string): SkillsetError {
  return new SkillsetError(
    'search/model-unavailable',
    `The embedding endpoint ${url} is off: ${what}`,
    {
      hint: 'Check that the server is running and serves OpenAI-compatible embeddings at this URL.',
    },
  );
}

/** The endpoint of `options`, its key read from the environment. */
function endpointOf(options: HttpModelOptions): Endpoint {
  if (!URL.canParse(options.url)) throw unavailable(options.url, 'that is not a URL');
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.apiKeyEnv !== undefined) {
    const key = process.env[options.apiKeyEnv];
    if (!key)
      throw unavailable(
        options.url,
        `the environment variable ${options.apiKeyEnv}, which holds its API key, is not set`,
      );
    headers.authorization = `Bearer ${key}`;
  }
  return {
    url: options.url,
    model: options.model,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    headers,
  };
}

/** Why a request got no answer, in a few words. */
function unreached(e: unknown, timeoutMs: number): string {
  const err = e as Error & { cause?: { code?: string; message?: string } };
  if (err.name === 'TimeoutError') return `it did not answer within ${timeoutMs} ms`;
  return `it could not be reached (${err.cause?.code ?? err.cause?.message ?? err.message})`;
}

/** An HTTP error's status, and the endpoint's own message when it gives one (OpenAI's `error.message`). */
function refused(res: Response, text: string): string {
  let said: unknown;
  try {
    const body = JSON.parse(text) as { error?: unknown };
    said =
      typeof body.error === 'string' ? body.error : (body.error as { message?: unknown })?.message;
  } catch {
    // Not JSON: the status says enough.
  }
  const why = typeof said === 'string' ? ` (${said.split('\n')[0]?.slice(0, 160)})` : '';
  return `it answered HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}${why}`;
}

/** A unit vector (zeros stay zeros). */
function unit(v: readonly number[]): Float32Array {
  let s = 0;
  for (const x of v) s += x * x;
  const n = Math.sqrt(s);
  return Float32Array.from(v, (x) => (n > 0 ? x / n : 0));
}

/**
 * One unit vector per input, in input order, each `dimensions` long (undefined: as long as the
 * first); else what is wrong with the answer.
 */
function vectorsOf(
  body: unknown,
  inputs: number,
  dimensions: number | undefined,
): Float32Array[] | string {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return 'its answer has no `data` list';
  if (data.length !== inputs) return `it gave ${data.length} vectors for ${inputs} texts`;
  const out: Float32Array[] = [];
  let size = dimensions;
  for (const [i, item] of data.entries()) {
    const { embedding, index = i } = (item ?? {}) as { embedding?: unknown; index?: unknown };
    if (!Number.isInteger(index) || (index as number) < 0 || (index as number) >= inputs)
      return `its answer's index ${String(index)} is not one of 0 to ${inputs - 1}`;
    if (out[index as number]) return `its answer gives index ${index} twice`;
    if (!Array.isArray(embedding) || embedding.length === 0)
      return `its vector ${index} is not a list of numbers`;
    if (!embedding.every((x) => typeof x === 'number' && Number.isFinite(x)))
      return `its vector ${index} is not a list of numbers`;
    size ??= embedding.length;
    if (embedding.length !== size)
      return dimensions === undefined
        ? `it gave vectors of ${size} and of ${embedding.length} numbers`
        : `it gave a vector of ${embedding.length} numbers, not ${dimensions} as before`;
    out[index as number] = unit(embedding);
  }
  return out;
}

/** The endpoint's vectors for `input`, each `dimensions` long (undefined: as long as the first). */
async function embed(ep: Endpoint, input: string[], dimensions?: number): Promise<Float32Array[]> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(ep.url, {
      method: 'POST',
      headers: ep.headers,
      body: JSON.stringify({ model: ep.model, input }),
      signal: AbortSignal.timeout(ep.timeoutMs),
    });
    text = await res.text();
  } catch (e) {
    throw unavailable(ep.url, unreached(e, ep.timeoutMs));
  }
  if (!res.ok) throw unavailable(ep.url, refused(res, text));
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw unavailable(ep.url, 'its answer is not JSON');
  }
  const vectors = vectorsOf(body, input.length, dimensions);
  if (typeof vectors === 'string') throw unavailable(ep.url, vectors);
  return vectors;
}

/** A short fingerprint of the endpoint's URL: vectors from two endpoints are never mixed. */
const urlKey = (url: string): string => createHash('sha256').update(url).digest('hex').slice(0, 8);

/** The endpoint as a semantic model whose vectors are `dimensions` long. */
function httpModel(ep: Endpoint, dimensions: number): SemanticModel {
  return {
    id: `http-${ep.model}-${dimensions}-${urlKey(ep.url)}`,
    dimensions,
    embedSkills: async (sources) => {
      const out: Float32Array[] = [];
      for (let i = 0; i < sources.length; i += BATCH)
        out.push(
          ...(await embed(
            ep,
            sources.slice(i, i + BATCH).map((s) => s.text),
            dimensions,
          )),
        );
      return out;
    },
    embedQuery: async (text) => (await embed(ep, [text], dimensions))[0] as Float32Array,
  };
}

/**
 * The semantic model an OpenAI-compatible embeddings endpoint serves. Each time the pass asks for
 * it, one request learns the vectors' size (and that the endpoint answers); its id names the model,
 * the size and the URL. Every failure, then or later, is `search/model-unavailable`.
 */
export function httpModelFor(options: HttpModelOptions): ModelProvider {
  return async () => {
    const ep = endpointOf(options);
    const [probe] = await embed(ep, [PROBE]);
    return { model: httpModel(ep, (probe as Float32Array).length), learned: false };
  };
}
