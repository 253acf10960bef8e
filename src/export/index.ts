// Export a skill library for other agents' conventions (docs/export.md).

export { exportSkills } from './export.js';
export { exportExitCode, formatExportResult } from './format.js';
export type { ExportFs, ExportStat } from './fs.js';
export { MANIFEST_FILE } from './manifest.js';
export { type ExportPlan, type PlanInput, planExport } from './plan.js';
export {
  type DesiredFile,
  EXPORT_TARGETS,
  type ExistingFile,
  type ExportOptions,
  type ExportResult,
  type ExportSkill,
  type ExportTarget,
  type Refusal,
} from './types.js';
