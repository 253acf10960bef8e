// Export a skill library for other agents' conventions (docs/export.md): what the public API offers.

export { exportSkills } from './export.js';
export {
  EXPORT_TARGETS,
  type ExportOptions,
  type ExportResult,
  type ExportSkill,
  type ExportTarget,
  type Refusal,
} from './types.js';
