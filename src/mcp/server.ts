// The MCP server: one more face over the service. A session's server registers the tools, the
// `skill://` resources (with subscriptions), the prompts, completions and the Skills extension, all
// reading the catalog every session shares; building it, registering and connecting a transport are
// separate steps. After the catalog changes, `changed()` tells the client what did; `log()` sends a
// log message, at or above the level the client set with `logging/setLevel` (every one until then).

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { LoggingLevel } from '@modelcontextprotocol/sdk/types.js';
import { VERSION } from '../version.js';
import type { CatalogChange, ServedCatalog } from './catalog.js';
import { registerCompletion } from './completion.js';
import { registerPrompts } from './prompts.js';
import { registerResources } from './resources.js';
import {
  registerSkillsExtension,
  SKILLS_CAPABILITY,
  SKILLS_EXTENSION,
} from './skills-extension.js';
import { registerSubscriptions } from './subscriptions.js';
import { registerTools } from './tools.js';

/** How the server treats what its clients ask for. */
export interface SkillServerOptions {
  /**
   * Let prompts run shell commands, for the skills the usual rules trust (user, managed, plugin; a
   * project's or a given folder's with `invoke.trustProject`). Default: never, for MCP requests.
   */
  trustShell?: boolean;
}

/** A session's server and the function that tells its client what changed in the catalog. */
export interface SkillServer {
  server: McpServer;
  /**
   * The shared catalog was refreshed (ServedCatalog.refresh) after `files` changed; `change` says
   * what it changed in the catalog.
   */
  changed(change: CatalogChange, files: readonly string[]): void;
  /** Send the client a log message, unless it asked for a higher level. */
  log(level: LoggingLevel, message: string): void;
}

const INSTRUCTIONS =
  'Skills are instructions for specific tasks. Call search_skills with the task in words, then load_skill with the name of the result that fits and follow what it says. Its coverage says how sure the search is: "ok", a skill fits; "weak", the results are candidates only: read their descriptions and load one only if it fits the task; "none", the query shares almost nothing with the library: no skill covers it.';

/** Build one session's MCP server over the shared `catalog`. */
export function createSkillServer(
  catalog: ServedCatalog,
  options: SkillServerOptions = {},
): SkillServer {
  const server = new McpServer(
    { name: 'skillset', version: VERSION },
    {
      capabilities: {
        tools: { listChanged: true },
        resources: { subscribe: true, listChanged: true },
        prompts: { listChanged: true },
        completions: {},
        logging: {},
        extensions: { [SKILLS_EXTENSION]: SKILLS_CAPABILITY },
      },
      instructions: INSTRUCTIONS,
    },
  );
  const updateLoad = registerTools(server, catalog);
  registerResources(server.server, catalog);
  const subscriptions = registerSubscriptions(server.server, catalog);
  registerCompletion(server.server, catalog);
  registerPrompts(server.server, catalog, options);
  registerSkillsExtension(server.server, {
    addresses: () => catalog.view.addresses,
    files: (a) => catalog.files(a),
    version: () => catalog.view.version,
  });
  return {
    server,
    changed(change, files) {
      if (!server.isConnected()) return;
      // Updating load_skill sends tools/list_changed itself; the rest are ours to announce.
      if (change.tools) updateLoad();
      if (change.prompts) server.sendPromptListChanged();
      server.sendResourceListChanged();
      for (const uri of subscriptions.touched(files))
        void server.server.sendResourceUpdated({ uri }).catch(() => undefined);
    },
    log(level, message) {
      if (!server.isConnected()) return;
      // The level set is the session's: the SDK keeps it by the transport's session id.
      const session = server.server.transport?.sessionId;
      void server.server
        .sendLoggingMessage({ level, logger: 'skillset', data: message }, session)
        .catch(() => undefined);
    },
  };
}
