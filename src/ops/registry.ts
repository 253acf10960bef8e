// The registry operations (docs/registry.md): publish, a library synced into a namespace of a shared
// registry on PostgreSQL.

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
