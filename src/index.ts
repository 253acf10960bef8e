// skillset's public API: explicit named exports, nothing else.

export type { Diagnostic, Position, RelatedLocation, Severity } from './diagnostics/diagnostic.js';
export { compareDiagnostics, formatDiagnostic } from './diagnostics/diagnostic.js';
export type { SkillBody } from './discover/body.js';
export { readSkillBody } from './discover/body.js';
export { defaultCacheDir } from './discover/cache.js';
export type { DiscoverOptions, DiscoverResult } from './discover/discover.js';
export { discoverSkills } from './discover/discover.js';
export type { DirEntry, EntryKind, FileInfo, FileSystem, ReadResult } from './discover/fs.js';
export { nodeFileSystem } from './discover/fs.js';
export type { MemoryNode, MemoryTree } from './discover/memory-fs.js';
export { createMemoryFileSystem } from './discover/memory-fs.js';
export type { Precedence, RootSpec } from './discover/scopes.js';
export { CLAUDE_CODE_PRECEDENCE, DEFAULT_PRECEDENCE } from './discover/scopes.js';
export { InternalError, SkillsetError } from './errors.js';
export { KNOWN_FIELDS, parseBoolean, splitList } from './skill/normalize.js';
export { estimateTokens, parseSkillFile } from './skill/parse.js';
export type {
  DescriptionSource,
  ModelGuidance,
  ParsedSkillFile,
  Scope,
  Skill,
  SkillFrontmatter,
  SkillSource,
  Tier,
  Triggers,
} from './skill/types.js';
