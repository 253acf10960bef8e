// skillset's public API: explicit named exports, nothing else.

export type { Catalog, Discovery, Refused } from './catalog/catalog.js';
export { loadableIds, refusal, refusedSkills } from './catalog/catalog.js';
export type { CatalogChanges } from './catalog/diff.js';
export { diffCatalogs } from './catalog/diff.js';
export type { Decision } from './catalog/resolve.js';
export type { HiddenReason, InPlay, Visibility } from './catalog/visibility.js';
export type { ImportedFile, ImportOptions, ResolvedImports } from './compose/imports.js';
export { resolveImports } from './compose/imports.js';
export type { DoctorReport } from './core/doctor.js';
export type { EvalRun, SetReport } from './core/eval.js';
export { evalManifest } from './core/eval.js';
export type { InvokeOptions, InvokeView } from './core/invoke.js';
export type { ListingRequest, ListingView } from './core/listing.js';
export type { LoadView } from './core/load.js';
export type { Outcome, Problem } from './core/outcome.js';
export type {
  EvalOptions,
  IndexProgress,
  SearchOptions,
  SkillService,
} from './core/service.js';
export { createService } from './core/service.js';
export type {
  InvokeCallOptions,
  ListingOptions as ServiceListingOptions,
} from './core/service-skills.js';
export type { Settings, SettingsInput } from './core/settings.js';
export { resolveSettings } from './core/settings.js';
export type { IndexReport, LintReport, ShowResult, SkillSummary } from './core/views.js';
export type { Diagnostic, Position, RelatedLocation, Severity } from './diagnostics/diagnostic.js';
export { compareDiagnostics, formatDiagnostic } from './diagnostics/diagnostic.js';
export type { ReportFormat } from './diagnostics/format/index.js';
export { formatDiagnosticReport, REPORT_FORMATS } from './diagnostics/format/index.js';
export type { DiagnosticReport } from './diagnostics/report.js';
export type { SkillBody } from './discover/body.js';
export { readSkillBody } from './discover/body.js';
export type { DiscoverOptions, DiscoverResult } from './discover/discover.js';
export { discoverSkills } from './discover/discover.js';
export type { Precedence, RootSpec } from './discover/scopes.js';
export { CLAUDE_CODE_PRECEDENCE, DEFAULT_PRECEDENCE } from './discover/scopes.js';
export { InternalError, SkillsetError } from './errors.js';
export type { EvalReport, LabelledQuery, QueryOutcome } from './eval/eval.js';
export type {
  ExportOptions,
  ExportResult,
  ExportSkill,
  ExportTarget,
  Refusal,
} from './export/index.js';
export { EXPORT_TARGETS, exportSkills } from './export/index.js';
export type { DirEntry, EntryKind, FileInfo, FileSystem, ReadResult } from './files/fs.js';
export { nodeFileSystem } from './files/fs.js';
export type { MemoryNode, MemoryTree } from './files/memory-fs.js';
export { createMemoryFileSystem } from './files/memory-fs.js';
export type { ExpandInput, ExpandResult } from './invoke/expand.js';
export { expandSkill } from './invoke/expand.js';
export type {
  ApprovalState,
  PermissionDecision,
  PermissionPolicy,
  PermissionSubject,
  SkillOverride,
} from './invoke/permissions.js';
export { decideSkillPermission, recordApproval } from './invoke/permissions.js';
export type { Profile } from './lint/define-rule.js';
export type { LintOptions, LintResult } from './lint/run.js';
export { lintSkills } from './lint/run.js';
export type { PublishInput, PublishView } from './registry/publish.js';
export { publishLibrary } from './registry/publish.js';
export type { Registry } from './registry/reader.js';
export { openRegistry, registryService } from './registry/reader.js';
export type {
  ListingEntry,
  ListingFormat,
  ListingOptions,
  ListingResult,
} from './render/listing.js';
export { listingBudget, renderListing } from './render/listing.js';
export type { LoadContent, LoadForm } from './render/load-result.js';
export { renderLoadResult } from './render/load-result.js';
export type { LoadToolDefinition } from './render/load-tool.js';
export { anthropicTool, loadSkillTool, openAiTool } from './render/load-tool.js';
export type { TextBlock } from './render/prompt-blocks.js';
export { skillBlocks } from './render/prompt-blocks.js';
export type { SearchJson, SearchJsonResult } from './search/format.js';
export type { IndexOptions, SkillIndex } from './search/search.js';
export { openSkillIndex } from './search/search.js';
export type { SelectView, SelectViewOptions } from './select/view.js';
export type { Reattachment } from './session/reattach.js';
export type {
  SessionInvokeOptions,
  SessionLoad,
  SessionTools,
  SkillSession,
  SkillSessionOptions,
} from './session/session.js';
export { createSkillSession } from './session/session.js';
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
export { APPROVAL_STATE } from './state/approvals.js';
export type { FileStateOptions } from './state/file-store.js';
export { fileStateStore } from './state/file-store.js';
export type { StateKind, StateRead, StateStore, StateWrite } from './state/state-store.js';
export { defaultCacheDir } from './util/dirs.js';
