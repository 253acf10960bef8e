// `skill://` resources over the shared catalog: resources/list (each skill's SKILL.md, in pages),
// the one template for every other file, and resources/read of any file of a skill folder.

import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { SkillFileView } from '../ops/skills.js';
import { operationOf, type ServedCatalog } from './catalog.js';
import { SKILL_TEMPLATE } from './completion.js';
import { handleChecked, invalidParams } from './errors.js';
import { pageOf } from './pages.js';
import { mimeTypeOf } from './skills-extension.js';
import { resolveSkillUri } from './uris.js';

/** The operation resources/read runs: one file of a skill's folder. */
export const RESOURCE_OPERATION = 'read-file';

const TEMPLATE = {
  name: 'skill-files',
  uriTemplate: SKILL_TEMPLATE,
  description: 'Every file of every skill, at skill://<skill-path>/<file-path>.',
};

/** Answer the resource requests of `server` from `catalog`. */
export function registerResources(server: Server, catalog: ServedCatalog): void {
  handleChecked(server, ListResourcesRequestSchema, (req) => {
    const { addresses, version } = catalog.view;
    const page = pageOf(
      'resources',
      addresses.map((a) => ({
        uri: a.uri,
        name: typeof a.skill.raw.name === 'string' ? a.skill.raw.name : a.skill.name,
        description: a.skill.description,
        mimeType: 'text/markdown',
      })),
      req.params?.cursor,
      version,
    );
    return {
      resources: page.items,
      ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
    };
  });

  handleChecked(server, ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [TEMPLATE],
  }));

  handleChecked(server, ReadResourceRequestSchema, async (req) => {
    const uri = req.params.uri;
    const hit = resolveSkillUri(catalog.view.addresses, uri);
    if (!hit || hit.file === '') throw invalidParams(`No skill file is served at ${uri}`, { uri });
    const r = await operationOf(catalog, RESOURCE_OPERATION).run(
      { service: catalog.service, caller: { by: 'model' } },
      { name: hit.address.skill.id, path: hit.file },
    );
    if (!r.ok) throw invalidParams(r.problem.message, { uri });
    const f = r.value as SkillFileView;
    const mimeType = mimeTypeOf(f.path);
    return {
      contents: [
        f.text !== undefined
          ? { uri, mimeType, text: f.text }
          : { uri, mimeType, blob: f.base64 ?? '' },
      ],
    };
  });
}
