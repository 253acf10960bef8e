// The `load_skill` tool the model calls to read a skill: while the skills it may load are few, its
// `name` is an enum of them, so it cannot name one that does not exist; past MAX_ENUM_CHARS it is any
// string (the load answers an unknown one with a did-you-mean). Given as JSON Schema, and ready for
// the Anthropic Messages API and for OpenAI-style function tools. With no skills there is no tool
// (the client guide: never register a tool with no valid options).

/** The tool's name. */
export const LOAD_TOOL_NAME = 'load_skill';

/**
 * The `name` enum lists the names while its JSON takes at most this many characters (about 60
 * names): past that the name is any string, checked when loaded. The enum repeats names the listing
 * already gives, with every request: 2,000 characters is a quarter of the 8,000 a client gives the
 * whole skill listing when it knows no context size (Codex), so the schema never costs more than a
 * fraction of what the listing does.
 */
export const MAX_ENUM_CHARS = 2_000;

/** Do the sorted names `valid` fit the enum's bound? */
export const enumFits = (valid: readonly string[]): boolean =>
  JSON.stringify(valid).length <= MAX_ENUM_CHARS;

/** The JSON Schema of the tool's input. */
export interface LoadToolSchema {
  type: 'object';
  properties: { name: { type: 'string'; enum?: string[]; description: string } };
  required: ['name'];
  additionalProperties: false;
}

/** The tool, provider-neutral. */
export interface LoadToolDefinition {
  name: string;
  description: string;
  inputSchema: LoadToolSchema;
}

/** The description the tool gets unless the caller gives one. */
export const LOAD_TOOL_DESCRIPTION =
  'Load a skill: its full instructions, its folder and the files it bundles. Call it when a task matches a skill in the list of available skills, before doing the task.';

/** The `load_skill` tool over `names` (sorted and deduplicated), or null when there are none. */
export function loadSkillTool(
  names: readonly string[],
  o: { name?: string; description?: string } = {},
): LoadToolDefinition | null {
  const valid = [...new Set(names)].sort();
  if (valid.length === 0) return null;
  return {
    name: o.name ?? LOAD_TOOL_NAME,
    description: o.description ?? LOAD_TOOL_DESCRIPTION,
    inputSchema: {
      type: 'object',
      properties: {
        name: enumFits(valid)
          ? { type: 'string', enum: valid, description: 'The skill to load.' }
          : { type: 'string', description: 'The skill to load: a name from the list of skills.' },
      },
      required: ['name'],
      additionalProperties: false,
    },
  };
}

/** The tool in the Anthropic Messages API's `tools` shape. */
export function anthropicTool(t: LoadToolDefinition): {
  name: string;
  description: string;
  input_schema: LoadToolSchema;
} {
  return { name: t.name, description: t.description, input_schema: t.inputSchema };
}

/** The tool as an OpenAI-style function tool (Chat Completions `tools`). */
export function openAiTool(t: LoadToolDefinition): {
  type: 'function';
  function: { name: string; description: string; parameters: LoadToolSchema; strict: true };
} {
  return {
    type: 'function',
    function: { name: t.name, description: t.description, parameters: t.inputSchema, strict: true },
  };
}
