// Inline disables: `<!-- skillset-disable code … -->` in the body or `# skillset-disable code …` in front matter.

const DIRECTIVE = /(?:<!--|(?:^|[ \t])#)[ \t]*skillset-disable\b([^\n]*?)(?:-->|$)/gm;

/** The codes a file disables for itself; `'all'` when a directive names none. */
export function disabledCodes(text: string): Set<string> | 'all' {
  const codes = new Set<string>();
  if (!text.includes('skillset-disable')) return codes;
  for (const m of text.matchAll(DIRECTIVE)) {
    const list = (m[1] ?? '').split(/[\s,]+/).filter(Boolean);
    if (list.length === 0) return 'all';
    for (const c of list) codes.add(c);
  }
  return codes;
}
