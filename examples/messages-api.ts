// Builds a complete Anthropic Messages API request from the bundled example library, offline: the
// listing in the system prompt, the `load_skill` tool, and one simulated turn in which the model loads
// `review-pr` and gets the skill back as cache-marked content blocks. Run it to print the request.

import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createSkillSession, type Outcome, type SessionTools, type TextBlock } from '../src/index.js';

/** The bundled example library (examples/skills). */
export const BUNDLED_LIBRARY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'skills');

/** What the system prompt says before the listing: skills exist, and how to load one. */
export const SKILLS_INSTRUCTION =
  'You have access to skills: folders of instructions, scripts and references for specialised tasks. ' +
  'The available skills are listed below, each with a description of when it applies. When a task ' +
  'matches a skill, call the `load_skill` tool with its name and follow the instructions it returns ' +
  'before doing the task.';

/** A `tool_use` block: the model's call. */
export interface ToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: Record<string, unknown>;
}

/** A `tool_result` block: what the host answers. */
export interface ToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content: string | TextBlock[];
}

/** One turn of the conversation. */
export interface MessageParam {
  role: 'user' | 'assistant';
  content: string | Array<TextBlock | ToolUseBlock | ToolResultBlock>;
}

/** The body of a `POST /v1/messages` request. */
export interface MessagesRequest {
  model: string;
  max_tokens: number;
  system: string;
  tools: Array<SessionTools['anthropic']>;
  messages: MessageParam[];
}

/** The skill the simulated turn loads, and the id of its call. */
const SKILL = 'review-pr';
const TOOL_USE_ID = 'toolu_01ExampleLoadReviewPr';

/** An outcome's value; a real harness would tell the model or the user the problem instead. */
function valueOf<T>(o: Outcome<T>): T {
  if (!o.ok) throw new Error(`${o.problem.code}: ${o.problem.message}`);
  return o.value;
}

/** The request a harness would send after the model asked for `review-pr`. */
export async function buildMessagesRequest(root = BUNDLED_LIBRARY): Promise<MessagesRequest> {
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
      model: 'claude-sonnet-4-5',
      max_tokens: 4096,
      system: `${SKILLS_INSTRUCTION}\n\n${listing.text}`,
      tools: [tools.anthropic],
      messages: [
        { role: 'user', content: 'Review my pull request #42.' },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'I will load the pull request review skill first.' },
            { type: 'tool_use', id: TOOL_USE_ID, name: tools.definition.name, input: { name } },
          ],
        },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: TOOL_USE_ID,
              // The skill as blocks marked for caching (a repeated load gives one block: a short note).
              content: loaded.blocks,
            },
          ],
        },
      ],
    };
  } finally {
    session.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  console.log(JSON.stringify(await buildMessagesRequest(), null, 2));
