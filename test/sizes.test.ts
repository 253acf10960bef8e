// No src file over 300 lines and no function over 80 (STYLE.md): a long one does several things.
// Declarative tables (an object or array literal) are exempt. The ones still too long are listed in
// test/fixtures/oversized.txt, each to be split; a new one fails, and so does a listed one that is
// no longer too long, so the list only shrinks.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import ts from 'typescript';
import { repoRoot, sourceFiles } from '../src/test-support/paths.js';

const MAX_FILE_LINES = 300;
const MAX_FUNCTION_LINES = 80;

const lineOf = (sf: ts.SourceFile, pos: number): number =>
  sf.getLineAndCharacterOfPosition(pos).line + 1;

/** A function's name for the list: its own, else the variable or property it is assigned to. */
function nameOf(n: ts.FunctionLikeDeclaration): string {
  if (n.name) return n.name.getText();
  const p = n.parent;
  if (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p)) return p.name.getText();
  return '(anonymous)';
}

/** `file` and `file#function` for every file and function over its bound. */
function oversized(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const rel = path.relative(repoRoot, file).split(path.sep).join('/');
  const out: string[] = [];
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  if (lineOf(sf, text.trimEnd().length) > MAX_FILE_LINES) out.push(rel);
  const visit = (n: ts.Node): void => {
    if (ts.isFunctionLike(n) && 'body' in n && n.body) {
      const f = n as ts.FunctionLikeDeclaration;
      const lines = lineOf(sf, f.getEnd()) - lineOf(sf, f.getStart()) + 1;
      if (lines > MAX_FUNCTION_LINES) out.push(`${rel}#${nameOf(f)}`);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

it(`no src file over ${MAX_FILE_LINES} lines, no function over ${MAX_FUNCTION_LINES}, but the listed ones`, () => {
  const found = new Set(sourceFiles(path.join(repoRoot, 'src')).flatMap(oversized));
  const listed = new Set(
    readFileSync(path.join(repoRoot, 'test', 'fixtures', 'oversized.txt'), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '' && !l.startsWith('#')),
  );
  assert.deepEqual(
    [...found].filter((x) => !listed.has(x)),
    [],
    'too long: split them',
  );
  assert.deepEqual(
    [...listed].filter((x) => !found.has(x)),
    [],
    'no longer too long: unlist them',
  );
});
