// Fenced code in Markdown: which lines are a fence or inside one (``` or ~~~, CommonMark's rule
// that a closing fence is the same character and at least as long). Headings and `@import` lines
// inside code are text.

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** For each line, whether it opens, closes or lies inside fenced code. */
export function codeLines(lines: readonly string[]): boolean[] {
  let fence: string | undefined;
  return lines.map((line) => {
    const f = FENCE.exec(line);
    if (f) {
      const mark = f[1] as string;
      if (fence === undefined) fence = mark;
      else if (mark[0] === fence[0] && mark.length >= fence.length) fence = undefined;
      return true;
    }
    return fence !== undefined;
  });
}
