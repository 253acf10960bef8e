// The baseline for the MCP handshake: a bare SDK server over stdio with one tool and nothing to read.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const server = new McpServer({ name: 'bare', version: '1.0.0' });
server.registerTool('ping', { description: 'Answers pong.' }, async () => ({
  content: [{ type: 'text', text: 'pong' }],
}));
await server.connect(new StdioServerTransport());
