// Builds a complete OpenAI-style Chat Completions request from the bundled example library, offline:
// the listing in the system message, `load_skill` as a function tool, and one simulated turn in which
// the model calls it for `review-pr` and the tool message carries the skill. Run it to print the request.

import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createSkillSession, type Outcome, type SessionTools } from '../src/index.js';

/** The bundled example library (examples/skills). */
export const BUNDLED_LIBRARY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'skills');

/** What the system message says before the listing: skills exist, and how to load one. */
export const SKILLS_INSTRUCTION =
  'You have access to skills: folders of instructions, scripts and references for specialised tasks. ' +
  'The available skills are listed below, each with a description of when it applies. When a task ' +
  'matches a skill, call the `load_skill` function with its name and follow the instructions it ' +
  'returns before doing the task.';

/** A function call the assistant made. */
export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** One message of the conversation. */
export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/** The body of a `POST /v1/chat/completions` request. */
export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  tools: Array<SessionTools['openai']>;
}

/** The skill the simulated turn loads, and the id of its call. */
const SKILL = 'review-pr';
const TOOL_CALL_ID = 'call_example_load_review_pr';

/** An outcome's value; a real harness would tell the model or the user the problem instead. */
function valueOf<T>(o: Outcome<T>): T {
  if (!o.ok) throw new Error(`${o.problem.code}: ${o.problem.message}`);
  return o.value;
}

/** The request a harness would send after the model asked for `review-pr`. */
export async function buildChatRequest(root = BUNDLED_LIBRARY): Promise<ChatRequest> {
  const session = await createSkillSession({ roots: [root], cache: false });
  try {
    const listing = valueOf(await session.listing());
    const tools = valueOf(await session.tools());
    if (!tools) throw new Error(`No skill in ${root} may be loaded by the model`);
    // The model can only name a skill it was shown; the simulated call does the same.
    const name = listing.entries.find((e) => e.name === SKILL)?.name;
    if (!name) throw new Error(`The listing of ${root} has no ${SKILL}`);
    const loaded = valueOf(await session.load(name));
    return {
      model: 'gpt-4.1',
      messages: [
        { role: 'system', content: `${SKILLS_INSTRUCTION}\n\n${listing.text}` },
        { role: 'user', content: 'Review my pull request #42.' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: TOOL_CALL_ID,
              type: 'function',
              function: { name: tools.definition.name, arguments: JSON.stringify({ name }) },
            },
          ],
        },
        { role: 'tool', tool_call_id: TOOL_CALL_ID, content: loaded.text },
      ],
      tools: [tools.openai],
    };
  } finally {
    session.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  console.log(JSON.stringify(await buildChatRequest(), null, 2));
