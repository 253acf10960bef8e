// A registry for tests: two real libraries from the corpora published into two namespaces of one
// registry, `sf` (salesforce's omnistudio, 34 skills) and `ops` (wshobson's kubernetes-operations).

import path from 'node:path';
import { createService } from '../src/core/service.js';
import { publishLibrary } from '../src/registry/publish.js';
import { corporaDir } from '../src/test-support/paths.js';

/** The libraries published, by namespace. */
export const REGISTRY_LIBRARIES = {
  sf: path.join(corporaDir, 'salesforce-skills', 'skills', 'omnistudio'),
  ops: path.join(corporaDir, 'wshobson-agents', 'plugins', 'kubernetes-operations', 'skills'),
} as const;

/** Publish REGISTRY_LIBRARIES into the registry at `store`. */
export async function publishFixture(store: string): Promise<void> {
  for (const [namespace, lib] of Object.entries(REGISTRY_LIBRARIES)) {
    const service = await createService({ roots: [lib], cache: false, userConfigFile: false });
    try {
      await publishLibrary(service, { store, namespace });
    } finally {
      service.close();
    }
  }
}
