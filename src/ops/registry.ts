// The registry operations (docs/registry.md): publish, a library synced into a namespace of a shared
// registry on PostgreSQL, and team, who may see which namespaces.

import type { TeamInput, TeamView } from '../registry/access.js';
import type { PublishInput, PublishView } from '../registry/publish.js';
import { operation } from './operation.js';

/** Publish the library into a registry namespace by content digest. */
export const publish = operation<PublishInput, PublishView>({
  name: 'publish',
  input: (z) =>
    z.object({
      store: z.string().describe('The registry: postgres://USER@HOST:PORT/DATABASE[?schema=NAME].'),
      namespace: z.string().describe('The namespace published into (skills go by namespace:name).'),
      prune: z.boolean().optional().describe('Remove the skills the library no longer has.'),
    }),
  run: async ({ service }, input) => {
    const { attempt } = await import('../core/outcome.js');
    const { publishLibrary } = await import('../registry/publish.js');
    return attempt([], () => publishLibrary(service, input));
  },
  text: (v) =>
    `${v.namespace} @ ${v.store}: ${v.skills} skills; ${v.added} added, ${v.changed} changed, ${v.removed} removed, ${v.unchanged} unchanged${v.kept > 0 ? ` (${v.kept} kept that the library no longer has; --prune removes them)` : ''} in ${v.ms} ms\n`,
});

/** Grant a team namespaces, and issue it a token. */
export const team = operation<TeamInput, TeamView>({
  name: 'team',
  input: (z) =>
    z.object({
      store: z.string().describe('The registry: postgres://USER@HOST:PORT/DATABASE[?schema=NAME].'),
      team: z.string().min(1).describe('The team (made if new).'),
      grant: z.array(z.string()).optional().describe('Namespaces the team may see.'),
      token: z.boolean().optional().describe('Issue a new token for the team (shown once).'),
      label: z.string().optional().describe('What the token is for.'),
    }),
  run: async (_ctx, input) => {
    const { attempt } = await import('../core/outcome.js');
    const { manageTeam } = await import('../registry/access.js');
    return attempt([], () => manageTeam(input));
  },
  text: (v) =>
    `${v.team}: ${v.namespaces.length > 0 ? v.namespaces.join(', ') : 'no namespace granted'}\n${v.token ? `token (shown once; send it as Authorization: Bearer): ${v.token}\n` : ''}`,
});
