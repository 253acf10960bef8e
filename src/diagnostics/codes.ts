// Where each diagnostic code is documented: a rule's own page, or its row in docs/diagnostics.md.

import { pathToFileURL } from 'node:url';

const DOCS = new URL('../../docs/', import.meta.url);

/** Codes whose page is `docs/rules/<code>.md` (the lint rules); the others are rows of docs/diagnostics.md. */
export function docPage(code: string, ruleCodes: ReadonlySet<string>): string {
  return ruleCodes.has(code)
    ? `docs/rules/${code}.md`
    : `docs/diagnostics.md#${code.replace(/[^a-z0-9]+/g, '-')}`;
}

/** The page as a URL into the installed package's docs folder (what SARIF gives as `helpUri`). */
export function docUrl(code: string, ruleCodes: ReadonlySet<string>): string {
  const page = docPage(code, ruleCodes).slice('docs/'.length);
  return new URL(page, DOCS.protocol === 'file:' ? DOCS : pathToFileURL('docs/')).href;
}
