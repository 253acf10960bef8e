// Counts of the real libraries, taken from the files by a walk of their own: tests derive their
// expected figures here instead of typing them in, so they hold on any copy of the libraries.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Every SKILL.md file under `dir` (links not followed), sorted. */
export function skillFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) skillFiles(p, out);
    else if (e.isFile() && e.name === 'SKILL.md') out.push(p);
  }
  return out.sort();
}

/** How many SKILL.md files are under `dir`. */
export function countSkills(dir: string): number {
  return skillFiles(dir).length;
}

/** The folders right under `dir` that hold a SKILL.md somewhere below (a library's domains), sorted. */
export function domainsOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && countSkills(path.join(dir, e.name)) > 0)
    .map((e) => e.name)
    .sort();
}

/**
 * The SKILL.md files under `dir` that stand for a link to a file that does not exist: a checkout
 * without symbolic links writes each link as a small file holding its target's path.
 */
export function danglingPlaceholders(dir: string): string[] {
  return skillFiles(dir).filter((f) => {
    const text = readFileSync(f, 'utf8');
    return (
      /^[^\s\0]{1,1024}$/.test(text) &&
      text.endsWith('.md') &&
      text.includes('/') &&
      !text.startsWith('---') &&
      !existsSync(path.resolve(path.dirname(f), text))
    );
  });
}

/** The SKILL.md files under `dir` with no front matter (not opening with a `---` line), sorted. */
export function withoutFrontmatter(dir: string): string[] {
  return skillFiles(dir).filter(
    (f) => !/^(\uFEFF)?---[ \t]*\r?\n/.test(readFileSync(f, 'utf8').slice(0, 64)),
  );
}
