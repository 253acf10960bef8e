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

/** Each code a directive names, with its 1-based position (for reporting codes that do not exist). */
export function namedCodes(text: string): Array<{ code: string; line: number; column: number }> {
  const out: Array<{ code: string; line: number; column: number }> = [];
  if (!text.includes('skillset-disable')) return out;
  for (const m of text.matchAll(DIRECTIVE)) {
    const at = (m.index ?? 0) + m[0].indexOf('skillset-disable');
    const line = text.slice(0, at).split('\n').length;
    const column = at - text.lastIndexOf('\n', at - 1);
    for (const c of (m[1] ?? '').split(/[\s,]+/).filter(Boolean))
      out.push({ code: c, line, column });
  }
  return out;
}
