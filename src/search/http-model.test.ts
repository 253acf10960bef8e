import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { readSkillBody } from '../discover/body.js';
import { discoverSkills } from '../discover/discover.js';
import { corporaDir } from '../test-support/paths.js';
import { type SearchDocument, toDocument } from './document.js';
import { learnTermEmbedder } from './embedder.js';
import { httpModelFor } from './http-model.js';
import { rank } from './rank.js';
import { DEFAULT_RANK } from './rank-settings.js';
import { SemanticPass, type SemanticWarning } from './semantic.js';
import { SqliteIndexStore } from './sqlite-store.js';

const root = path.join(corporaDir, 'wshobson-agents');
const { skills } = await discoverSkills({
  roots: [{ path: root, scope: 'additional', recursive: true }],
  cacheDir: false,
});
// A few real skills: the endpoint's vectors are the term model's, learned from them.
const docs: SearchDocument[] = [];
for (const s of skills.slice(0, 40)) docs.push(toDocument(s, (await readSkillBody(s)).body));
const terms = learnTermEmbedder(docs, { dimensions: 32 });

const store = SqliteIndexStore.open(':memory:');
await store.apply(
  new Map(docs.map((d) => [d.path, { hash: d.contentHash, id: d.id }])),
  async (p) => docs.find((d) => d.path === p),
);
const semantic = { ...DEFAULT_RANK, semantic: true };
const KEY_ENV = 'SKILLSET_TEST_EMBEDDINGS_KEY';
process.env[KEY_ENV] = 'test-key';

/** What a test's endpoint saw: each request's inputs and its Authorization header. */
interface Seen {
  inputs: string[][];
  auth: (string | undefined)[];
}

/** Answers request `call` (0 first) for `inputs`. */
type Answer = (inputs: string[], call: number, res: ServerResponse) => void | Promise<void>;

/** The term model's vectors for `inputs`, as an OpenAI-compatible endpoint answers them (in reverse order, by index). */
async function termVectors(inputs: string[], size = terms.dimensions): Promise<unknown> {
  const vectors = await terms.embed(inputs);
  const data = vectors.map((v, index) => ({
    object: 'embedding',
    index,
    embedding: Array.from(v.subarray(0, size)),
  }));
  return { object: 'list', model: 'terms', data: data.reverse() };
}

const json = (res: ServerResponse, status: number, body: unknown): void => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

const servers: ReturnType<typeof createServer>[] = [];
after(() => {
  store.close();
  for (const s of servers) {
    // The endpoint that never answers still holds its request.
    s.closeAllConnections();
    s.close();
  }
});

/** A real endpoint on 127.0.0.1: its URL and what it saw. */
async function serve(answer: Answer): Promise<{ url: string; seen: Seen }> {
  const seen: Seen = { inputs: [], auth: [] };
  const server = createServer(async (req: IncomingMessage, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const { input } = JSON.parse(body) as { input: string[] };
    seen.inputs.push(input);
    seen.auth.push(req.headers.authorization);
    await answer(input, seen.inputs.length - 1, res);
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1/embeddings`, seen };
}

/** An endpoint that answers the term model's vectors. */
const termEndpoint: Answer = async (inputs, _call, res) =>
  json(res, 200, await termVectors(inputs));

/** A pass over the endpoint at `url`, and the warnings it gives. */
function passOver(url: string, timeoutMs = 2000) {
  const warnings: Array<{ code: SemanticWarning; message: string; off: boolean | undefined }> = [];
  const pass = new SemanticPass({
    providers: [httpModelFor({ url, model: 'terms', timeoutMs, apiKeyEnv: KEY_ENV })],
    warn: (code, message, off) => warnings.push({ code, message, off }),
  });
  return { pass, warnings };
}

/** The answer with the semantic pass off. */
const lexical = async (q: string) => JSON.stringify(await rank(store, q, 5, DEFAULT_RANK));

const dot = (a: Float32Array, b: Float32Array): number =>
  a.reduce((s, x, i) => s + x * (b[i] as number), 0);

describe('the HTTP embedder', () => {
  it('gives the endpoint’s vectors in input order, asked in batches, with the key from the environment', async () => {
    const { url, seen } = await serve(termEndpoint);
    const { model } = await httpModelFor({ url, model: 'terms', apiKeyEnv: KEY_ENV })(
      store,
      [],
      async () => {},
    );
    assert.match(model.id, /^http-terms-32-[0-9a-f]{8}$/);
    assert.equal(model.dimensions, 32);
    const sources = await store.semanticSources(false);
    const got = await model.embedSkills(sources);
    const want = await terms.embed(sources.map((s) => s.text));
    assert.equal(got.length, sources.length);
    for (const [i, v] of got.entries())
      for (const [j, x] of v.entries()) assert.ok(Math.abs(x - (want[i]?.[j] as number)) < 1e-6);
    assert.deepEqual(
      seen.inputs.map((i) => i.length),
      [1, 32, 8],
    );
    assert.ok(seen.auth.every((a) => a === 'Bearer test-key'));
    // Another URL is another model: their vectors are never mixed.
    const other = await httpModelFor({ url: `${url}?v=2`, model: 'terms' })(
      store,
      [],
      async () => {},
    );
    assert.notEqual(other.model.id, model.id);
    assert.equal(seen.auth.at(-1), undefined);
  });

  it('searches with the endpoint’s cosines', async () => {
    const { url } = await serve(termEndpoint);
    const { pass, warnings } = passOver(url);
    const q = 'write python tests with fixtures';
    const r = await rank(store, q, 5, semantic, pass);
    assert.deepEqual(warnings, []);
    assert.ok(r.results.length > 0);
    const [qv] = await terms.embed([q]);
    for (const s of r.results) {
      const [sv] = await terms.embed([`${s.name}: ${s.description}`]);
      const cosine = dot(qv as Float32Array, sv as Float32Array);
      assert.ok(Math.abs((s.explain.semantic?.cosine as number) - cosine) < 1e-5, s.name);
    }
  });

  it('ranks lexically, with a warning, when the endpoint fails at query time', async () => {
    let failing = false;
    const { url, seen } = await serve(async (inputs, _call, res) =>
      failing ? json(res, 503, { error: 'busy' }) : termEndpoint(inputs, 0, res),
    );
    const { pass, warnings } = passOver(url);
    assert.ok(
      (await rank(store, 'kubernetes deployment', 5, semantic, pass)).results[0]?.explain.semantic,
    );
    failing = true;
    const q = 'debug a failing api';
    assert.equal(JSON.stringify(await rank(store, q, 5, semantic, pass)), await lexical(q));
    assert.equal(warnings.length, 1);
    assert.match(
      warnings[0]?.message as string,
      /127\.0\.0\.1:\d+\/v1\/embeddings is off: it answered HTTP 503 Service Unavailable \(busy\)/,
    );
    assert.equal(warnings[0]?.off, true);
    // Left out until the contents change: not asked again, not warned again.
    const asked = seen.inputs.length;
    assert.equal(JSON.stringify(await rank(store, 'sql', 5, semantic, pass)), await lexical('sql'));
    assert.equal(seen.inputs.length, asked);
    assert.equal(warnings.length, 1);
  });
});

/** Endpoints that fail, how, and the warning each gives. */
const failures: Array<{ name: string; answer?: Answer; timeoutMs?: number; warning: RegExp }> = [
  {
    name: 'answers too slowly',
    // Never answers: the request times out.
    answer: () => {},
    timeoutMs: 200,
    warning: /is off: it did not answer within 200 ms$/,
  },
  {
    name: 'fails',
    answer: (_i, _c, res) => json(res, 500, { error: { message: 'model not loaded' } }),
    warning: /is off: it answered HTTP 500 Internal Server Error \(model not loaded\)$/,
  },
  { name: 'is not there', warning: /is off: it could not be reached \(ECONNREFUSED\)$/ },
  {
    name: 'answers what is not JSON',
    answer: (_i, _c, res) => res.writeHead(200).end('<html>gateway</html>'),
    warning: /is off: its answer is not JSON$/,
  },
  {
    name: 'changes its vectors’ size',
    answer: async (inputs, call, res) =>
      json(res, 200, await termVectors(inputs, call === 0 ? 32 : 16)),
    warning: /is off: it gave a vector of 16 numbers, not 32 as before$/,
  },
  {
    name: 'gives fewer vectors than texts',
    answer: async (inputs, call, res) =>
      json(res, 200, await termVectors(call === 0 ? inputs : inputs.slice(1))),
    warning: /is off: it gave 31 vectors for 32 texts$/,
  },
];

describe('an endpoint that cannot be had', () => {
  for (const f of failures)
    it(`leaves the search lexical, with one warning, when it ${f.name}`, async () => {
      let url: string;
      if (f.answer) url = (await serve(f.answer)).url;
      else {
        // A port that was just open and is closed now.
        const closed = await serve(() => {});
        const server = servers.pop() as ReturnType<typeof createServer>;
        server.close();
        await once(server, 'close');
        url = closed.url;
      }
      const { pass, warnings } = passOver(url, f.timeoutMs);
      const q = 'set up a python test suite';
      assert.equal(JSON.stringify(await rank(store, q, 5, semantic, pass)), await lexical(q));
      assert.deepEqual(
        warnings.map((w) => [w.code, w.off]),
        [['search/model-unavailable', true]],
      );
      const message = warnings[0]?.message as string;
      assert.ok(message.startsWith(`The embedding endpoint ${url} is off: `), message);
      assert.match(message, f.warning);
      assert.equal(pass.active, false);
    });
});
