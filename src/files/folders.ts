// What every walk of skill folders shares: the folders none enters, how deep a skill's own files go,
// and the operating system's virtual folders, which no walk follows a link into.

/** Folder levels below a skill folder that its own files are read from (listed, served, watched). */
export const SKILL_FILE_LEVELS = 8;

/** Folders no walk of skills enters: version control and installed dependencies. */
export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set(['.git', 'node_modules']);

/** The operating system's virtual folders: their files are not skills, and walking them never ends well. */
const SYSTEM_FOLDERS = ['/proc', '/sys', '/dev'] as const;

/** The system folder `real` is in (or is), if any. */
export function systemFolder(real: string): string | undefined {
  return SYSTEM_FOLDERS.find((f) => real === f || real.startsWith(`${f}/`));
}
