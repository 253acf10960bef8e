// The registry of diagnostic codes that parsing, discovery, the caches, the index, eval and the lint
// runner produce (lint rules declare their own), and where each code is documented.

const DOCS = new URL('../../docs/', import.meta.url);

/** Every built-in code, with the area that produces it. A code not listed here fails the docs test. */
export const BUILTIN = {
  'audit/hidden': 'audit',
  'cache/unusable': 'cache',
  'config/trust-ignored': 'config',
  'compose/extends-cycle': 'compose',
  'compose/extends-depth': 'compose',
  'compose/extends-missing': 'compose',
  'compose/extends-self': 'compose',
  'compose/import-cycle': 'compose',
  'compose/import-depth': 'compose',
  'compose/import-not-text': 'compose',
  'compose/import-outside-root': 'compose',
  'compose/import-too-large': 'compose',
  'compose/load-limit': 'compose',
  'compose/missing-import': 'compose',
  'compose/missing-prerequisite': 'compose',
  'compose/prerequisite-cycle': 'compose',
  'discover/dangling-link': 'discover',
  'discover/depth-limit': 'discover',
  'discover/duplicate': 'discover',
  'discover/folder-limit': 'discover',
  'discover/gitignored': 'discover',
  'discover/link-outside-root': 'discover',
  'discover/misnamed-skill-file': 'discover',
  'discover/missing-root': 'discover',
  'discover/name-clash': 'discover',
  'discover/nested-skill': 'discover',
  'discover/no-skills': 'discover',
  'discover/not-a-file': 'discover',
  'discover/placeholder-link': 'discover',
  'discover/shadowed': 'discover',
  'discover/symlink-loop': 'discover',
  'discover/system-folder': 'discover',
  'discover/unreadable-file': 'discover',
  'discover/unreadable-folder': 'discover',
  'eval/library-diagnostics': 'eval',
  'eval/unknown-label': 'eval',
  'frontmatter/invalid-value': 'frontmatter',
  'index/in-memory': 'index',
  'index/rebuilt': 'index',
  'index/semantic-unsaved': 'index',
  'index/unreadable-body': 'index',
  'lint/file-outside-skills': 'lint',
  'lint/no-skills': 'lint',
  'lint/rule-failed': 'lint',
  'lint/unknown-disable': 'lint',
  'lint/unreadable-skill': 'lint',
  'parse/binary-file': 'parse',
  'search/limit-above-window': 'search',
  'search/model-unavailable': 'search',
  'search/no-skills': 'search',
  'listing/too-small': 'listing',
  'select/changed-since-scored': 'select',
  'select/unreadable': 'select',
  'state/damaged': 'state',
  'state/unavailable': 'state',
  'parse/description-from-body': 'parse',
  'parse/duplicate-key': 'parse',
  'parse/file-too-large': 'parse',
  'parse/frontmatter-not-mapping': 'parse',
  'parse/frontmatter-too-large': 'parse',
  'parse/invalid-utf8': 'parse',
  'parse/invalid-yaml': 'parse',
  'parse/missing-description': 'parse',
  'parse/no-frontmatter': 'parse',
  'parse/recovered-yaml': 'parse',
  'parse/unclosed-frontmatter': 'parse',
  'parse/unsupported-frontmatter': 'parse',
  'parse/yaml-alias-bomb': 'parse',
  'parse/yaml-recursive-alias': 'parse',
  'parse/yaml-too-deep': 'parse',
  'parse/yaml-warning': 'parse',
} as const;

/** A built-in diagnostic code. */
export type BuiltinCode = keyof typeof BUILTIN;

/**
 * The problems: codes of the errors a call gives back instead of a value (a SkillsetError; the CLI
 * prints one line and exits 2, the MCP server will send an `isError` result).
 */
export const PROBLEM_CODES = Object.freeze([
  'config/invalid',
  'config/invalid-rule-options',
  'config/unknown-rule',
  'config/unreadable',
  'eval/bad-labels',
  'eval/bad-manifest',
  'eval/empty-catalog',
  'eval/labels-differ',
  'export/out-not-a-folder',
  'export/unreadable-manifest',
  'export/write-failed',
  'index/busy',
  'index/foreign',
  'index/store-unavailable',
  'index/unreadable',
  'index/unwritable',
  'install/audit-failed',
  'install/bad-archive',
  'install/bad-index',
  'install/digest-mismatch',
  'install/dirty-target',
  'install/fetch-failed',
  'install/git-failed',
  'install/insecure-url',
  'install/lock-busy',
  'install/lock-unreadable',
  'install/name-taken',
  'install/no-git',
  'install/no-ref',
  'install/no-skills',
  'install/not-installed',
  'install/ref-moved',
  'install/unknown-skill',
  'install/untrusted-source',
  'install/unwritable',
  'install/unsafe-name',
  'invoke/denied',
  'invoke/shell-failed',
  'invoke/shell-timeout',
  'skill/unreadable',
  'tier/write-failed',
  'usage/ambiguous-skill',
  'usage/cannot-listen',
  'usage/insecure-bind',
  'usage/bad-compare',
  'usage/invalid-limit',
  'usage/invalid-option',
  'usage/invalid-source',
  'usage/manifest-and-queries',
  'usage/missing-compare',
  'usage/missing-labels',
  'usage/missing-manifest',
  'usage/missing-root',
  'usage/unknown-agent',
  'usage/unknown-format',
  'usage/unknown-profile',
  'usage/unknown-file',
  'usage/unknown-skill',
  'usage/unknown-target',
  'usage/unsafe-path',
] as const);

/** Every built-in code, sorted. */
export const BUILTIN_CODES: readonly BuiltinCode[] = Object.freeze(
  Object.keys(BUILTIN).sort() as BuiltinCode[],
);

/** Codes whose page is `docs/rules/<code>.md` (the lint rules); the others are rows of docs/diagnostics.md. */
export function docPage(code: string, ruleCodes: ReadonlySet<string>): string {
  return ruleCodes.has(code)
    ? `docs/rules/${code}.md`
    : `docs/diagnostics.md#${code.replace(/[^a-z0-9]+/g, '-')}`;
}

/** The page as a URL into the installed package's docs folder (what SARIF gives as `helpUri`). */
export function docUrl(code: string, ruleCodes: ReadonlySet<string>): string {
  const page = docPage(code, ruleCodes).slice('docs/'.length);
  return new URL(page, DOCS).href;
}
