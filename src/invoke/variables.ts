// Invocation variables: `${SKILL_DIR}`, `${SESSION_ID}`, `${PROJECT_DIR}` and their `CLAUDE_`
// names (`${CLAUDE_SKILL_DIR}` …), replaced in one pass; `\${SKILL_DIR}` stays literal.

/** The values behind the invocation variables. */
export interface InvocationVariables {
  /** The skill's folder (the one holding SKILL.md). */
  skillDir: string;
  /** The host's session id. */
  sessionId: string;
  /** The project root (also the working folder of shell commands). */
  projectDir: string;
}

// Only the braced form is a variable (as in Claude Code): a bare `$SKILL_DIR` is left alone.
const VARIABLE = /(\\?)\$\{(?:CLAUDE_)?(SKILL_DIR|SESSION_ID|PROJECT_DIR)\}/g;

function variableValue(name: string, vars: InvocationVariables): string {
  if (name === 'SKILL_DIR') return vars.skillDir;
  if (name === 'SESSION_ID') return vars.sessionId;
  return vars.projectDir;
}

/** Replace the six variable names in `text`; an escaped `\${…}` loses its backslash and stays. */
export function substituteVariables(text: string, vars: InvocationVariables): string {
  return text.replace(VARIABLE, (match: string, backslash: string, name: string) =>
    backslash === '' ? variableValue(name, vars) : match.slice(1),
  );
}

/** The variables as environment entries for shell commands, under both spellings. */
export function variableEnv(vars: InvocationVariables): Record<string, string> {
  return {
    SKILL_DIR: vars.skillDir,
    SESSION_ID: vars.sessionId,
    PROJECT_DIR: vars.projectDir,
    CLAUDE_SKILL_DIR: vars.skillDir,
    CLAUDE_SESSION_ID: vars.sessionId,
    CLAUDE_PROJECT_DIR: vars.projectDir,
  };
}
