// The table of operations: each one's name, the faces it has, and its definition, loaded on first
// use (a CLI start loads the one it runs). The CLI's commands, the MCP server's tools and the
// session's methods are built by looping over it; test/operations.test.ts checks that they agree.

import type { AnyOperation, Face } from './operation.js';

/** An operation as the table lists it. */
export interface OperationEntry {
  readonly name: string;
  readonly faces: readonly Face[];
  /** The operation itself (its module loads on first call). */
  load(): Promise<AnyOperation>;
}

/** Every operation, in the order the CLI's help lists them. */
export const OPERATIONS: readonly OperationEntry[] = [
  { name: 'list', faces: ['cli', 'mcp'], load: async () => (await import('./catalog.js')).list },
  { name: 'show', faces: ['cli'], load: async () => (await import('./catalog.js')).show },
  { name: 'lint', faces: ['cli'], load: async () => (await import('./lint.js')).lint },
  { name: 'audit', faces: ['cli'], load: async () => (await import('./audit.js')).audit },
  { name: 'index', faces: ['cli'], load: async () => (await import('./search.js')).index },
  { name: 'search', faces: ['cli', 'mcp'], load: async () => (await import('./search.js')).search },
  {
    name: 'select',
    faces: ['cli', 'mcp', 'session'],
    load: async () => (await import('./select.js')).select,
  },
  { name: 'eval', faces: ['cli'], load: async () => (await import('./search.js')).evaluate },
  {
    name: 'listing',
    faces: ['cli', 'session'],
    load: async () => (await import('./skills.js')).listing,
  },
  {
    name: 'load',
    faces: ['cli', 'mcp', 'session'],
    load: async () => (await import('./skills.js')).load,
  },
  {
    name: 'invoke',
    faces: ['cli', 'mcp', 'session'],
    load: async () => (await import('./skills.js')).invoke,
  },
  { name: 'read-file', faces: ['mcp'], load: async () => (await import('./skills.js')).readFile },
  { name: 'doctor', faces: ['cli'], load: async () => (await import('./doctor.js')).doctor },
  {
    name: 'export',
    faces: ['cli'],
    load: async () => (await import('./library.js')).exportLibrary,
  },
  { name: 'build', faces: ['cli'], load: async () => (await import('./library.js')).build },
  {
    name: 'gloss-coverage',
    faces: ['cli'],
    load: async () => (await import('./library.js')).glossCoverage,
  },
  { name: 'add', faces: ['cli'], load: async () => (await import('./install.js')).add },
  { name: 'install', faces: ['cli'], load: async () => (await import('./install.js')).install },
  { name: 'verify', faces: ['cli'], load: async () => (await import('./install.js')).verify },
  { name: 'remove', faces: ['cli'], load: async () => (await import('./install.js')).remove },
  { name: 'outdated', faces: ['cli'], load: async () => (await import('./install.js')).outdated },
  { name: 'update', faces: ['cli'], load: async () => (await import('./install.js')).update },
  { name: 'import', faces: ['cli'], load: async () => (await import('./install.js')).importLock },
  { name: 'publish', faces: ['cli'], load: async () => (await import('./registry.js')).publish },
  { name: 'team', faces: ['cli'], load: async () => (await import('./registry.js')).team },
];

/** The operations with `face`. */
export function operationsOf(face: Face): OperationEntry[] {
  return OPERATIONS.filter((o) => o.faces.includes(face));
}

/** The operations with `face`, loaded, by name. */
export async function loadOperations(face: Face): Promise<Map<string, AnyOperation>> {
  const entries = operationsOf(face);
  return new Map(await Promise.all(entries.map(async (e) => [e.name, await e.load()] as const)));
}
