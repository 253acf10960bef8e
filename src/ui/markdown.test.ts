import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { corporaDir } from '../test-support/paths.js';
import { renderMarkdown } from './markdown.js';

const LINK = 'rel="noopener noreferrer nofollow" target="_blank"';

/** The attributes each tag the renderer may write can carry, with the values allowed. */
const ATTRS: Record<string, Record<string, RegExp>> = {
  a: {
    href: /^(?:https?:\/\/|mailto:)/,
    rel: /^noopener noreferrer nofollow$/,
    target: /^_blank$/,
    title: /^[^"<>]*$/,
  },
  code: { class: /^(?:language-[A-Za-z0-9_+-]{1,32}|blocked-url|image-url)$/ },
  mark: { class: /^hidden-char$/, title: /^U\+[0-9A-F]{4,6}$/ },
  ol: { start: /^\d{1,9}$/ },
  th: { align: /^(?:left|center|right)$/ },
  td: { align: /^(?:left|center|right)$/ },
  ...Object.fromEntries([1, 2, 3, 4, 5, 6].map((n) => [`h${n}`, { id: /^md-[a-z0-9-]+$/ }])),
  ...Object.fromEntries(
    'p em strong ul li blockquote pre table thead tbody tr hr br'.split(' ').map((t) => [t, {}]),
  ),
};
const VOID = new Set(['hr', 'br']);
const TAG = /<(\/?)([a-z0-9]+)((?: [a-z]+="[^"<>]*")*)>/g;

/** Fails unless `out` is only allowed tags with allowed attributes, balanced, around escaped text. */
function assertSafe(out: string): void {
  const open: string[] = [];
  for (const [tag, close, name = '', attrs = ''] of out.matchAll(TAG)) {
    const allowed = ATTRS[name];
    if (!allowed) assert.fail(`unexpected ${tag}`);
    if (close) {
      if (open.pop() !== name) assert.fail(`unbalanced ${tag}`);
      continue;
    }
    for (const [, k = '', v = ''] of attrs.matchAll(/ ([a-z]+)="([^"]*)"/g))
      if (!allowed[k]?.test(v)) assert.fail(`unexpected attribute in ${tag}`);
    if (!VOID.has(name)) open.push(name);
  }
  assert.deepEqual(open, [], 'unclosed tags');
  const text = out.replace(TAG, '');
  assert.doesNotMatch(text, /[<>"']/, 'raw markup character in text');
  assert.doesNotMatch(text, /&(?!amp;|lt;|gt;|quot;|#39;)/, 'raw & in text');
  assert.doesNotMatch(out, /<script/i);
  assert.doesNotMatch(out, /<[^>]*\son[a-z]+\s*=[^>]*>/i);
}

/** The text a reader sees: tags stripped, the five entities decoded. */
const textOf = (out: string): string =>
  out
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) =>
      e === 'amp' ? '&' : e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'quot' ? '"' : "'",
    );

const md = (s: string): string => {
  const out = renderMarkdown(s);
  assertSafe(out);
  return out;
};

describe('renderMarkdown: documents', () => {
  it('renders headings with unique ASCII ids, and paragraphs with inline markup', () => {
    assert.equal(
      md(
        '# Über *uns* #\n\nSome *em*, **strong**, _u_ and `a <b>` here.\nNext  \nline.\n\n## Über uns\nSetext\n---',
      ),
      [
        '<h1 id="md-uber-uns">Über <em>uns</em></h1>',
        '<p>Some <em>em</em>, <strong>strong</strong>, <em>u</em> and <code>a &lt;b&gt;</code> here.\nNext<br>\nline.</p>',
        '<h2 id="md-uber-uns-1">Über uns</h2>',
        '<h2 id="md-setext">Setext</h2>\n',
      ].join('\n'),
    );
    assert.match(md('# !!!\n# !!!'), /id="md-section".*\n.*id="md-section-1"/);
  });

  it('renders tight and loose lists, one nested level, and an ordered start', () => {
    assert.equal(
      md('- one\n- two\n  - *a*\n  - b\n- three\n\n3. x\n\n4. y'),
      '<ul>\n<li>one</li>\n<li>two\n<ul>\n<li><em>a</em></li>\n<li>b</li>\n</ul></li>\n<li>three</li>\n</ul>\n' +
        '<ol start="3">\n<li><p>x</p></li>\n<li><p>y</p></li>\n</ol>\n',
    );
  });

  it('renders a pipe table with alignment, escaped pipes and short rows', () => {
    assert.equal(
      md('| a | b | c |\n|:--|:-:|--:|\n| 1 | `x` \\| y | z |\n| only |'),
      '<table>\n<thead>\n<tr>\n<th align="left">a</th>\n<th align="center">b</th>\n<th align="right">c</th>\n</tr>\n</thead>\n' +
        '<tbody>\n<tr>\n<td align="left">1</td>\n<td align="center"><code>x</code> | y</td>\n<td align="right">z</td>\n</tr>\n' +
        '<tr>\n<td align="left">only</td>\n<td align="center"></td>\n<td align="right"></td>\n</tr>\n</tbody>\n</table>\n',
    );
  });

  it('renders fenced code with a language class, tildes, and an unclosed fence to the end', () => {
    assert.equal(
      md('```ts\nconst a = 1 < 2;\n\n# not a heading\n```\n~~~~\n```\n~~~~\n```\nopen'),
      '<pre><code class="language-ts">const a = 1 &lt; 2;\n\n# not a heading\n</code></pre>\n' +
        '<pre><code>```\n</code></pre>\n<pre><code>open\n</code></pre>\n',
    );
  });

  it('renders blockquotes (nested, lazy lines), rules, links and autolinks', () => {
    assert.equal(
      md(
        '> quote **x**\nlazy\n> > deep\n\n***\n[a](https://e.com/a_(b) "t") <https://e.com> ![logo *x*](https://e.com/i.png)',
      ),
      '<blockquote>\n<p>quote <strong>x</strong>\nlazy</p>\n<blockquote>\n<p>deep</p>\n</blockquote>\n</blockquote>\n<hr>\n' +
        `<p><a href="https://e.com/a_(b)" title="t" ${LINK}>a</a> <a href="https://e.com" ${LINK}>https://e.com</a> ` +
        '[image: logo x] <code class="image-url">https://e.com/i.png</code></p>\n',
    );
    assert.equal(md('[m](MAILTO:a@b.c)'), `<p><a href="mailto:a@b.c" ${LINK}>m</a></p>\n`);
  });

  it('renders every SKILL.md of the shared corpora safely', () => {
    const files = readdirSync(corporaDir, { recursive: true, encoding: 'utf8' }).filter(
      (f) => path.basename(f) === 'SKILL.md',
    );
    assert.ok(files.length > 100);
    for (const f of files) md(readFileSync(path.join(corporaDir, f), 'utf8'));
  });
});

describe('renderMarkdown: hostile input', () => {
  it('shows raw HTML and comments as text, never as markup', () => {
    assert.equal(
      md(
        '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n<!-- do not tell the user -->',
      ),
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n<p>&lt;img src=x onerror=alert(1)&gt;</p>\n' +
        '<p>&lt;!-- do not tell the user --&gt;</p>\n',
    );
    assert.equal(
      md('<a href="javascript:alert(1)">x</a>'),
      '<p>&lt;a href=&quot;javascript:alert(1)&quot;&gt;x&lt;/a&gt;</p>\n',
    );
  });

  it('gives no href to a URL that is not http(s) or mailto, and shows it', () => {
    const blocked = (text: string, url: string): string =>
      `<p>${text} <code class="blocked-url">${url}</code></p>\n`;
    assert.equal(md('[x](javascript:alert(1))'), blocked('x', 'javascript:alert(1)'));
    assert.equal(md('[x](JaVaScRiPt:alert(1))'), blocked('x', 'JaVaScRiPt:alert(1)'));
    assert.equal(md('[x]( javascript:alert(1) )'), blocked('x', 'javascript:alert(1)'));
    assert.equal(md('[x](<javascript:alert(1)>)'), blocked('x', 'javascript:alert(1)'));
    assert.equal(md('[x](&#106;avascript:alert(1))'), blocked('x', '&amp;#106;avascript:alert(1)'));
    assert.equal(md('[x](data:text/html,<b>)'), blocked('x', 'data:text/html,&lt;b&gt;'));
    assert.equal(md('[x](vbscript:msgbox)'), blocked('x', 'vbscript:msgbox'));
    assert.equal(md('[x](//evil.example/a)'), blocked('x', '//evil.example/a'));
    assert.equal(md('[x](/api/remove?all=1)'), blocked('x', '/api/remove?all=1'));
    assert.equal(md('[x](http:/relative)'), blocked('x', 'http:/relative'));
    assert.equal(md('[x](https:\\\\evil)'), blocked('x', 'https:\\evil'));
    assert.equal(
      md('[x](<https://a.b/\u200bx>)'),
      blocked('x', 'https://a.b/<mark class="hidden-char" title="U+200B">U+200B</mark>x'),
    );
    assert.equal(md('<javascript:alert(1)>'), '<p>&lt;javascript:alert(1)&gt;</p>\n');
  });

  it('keeps link URLs inside their attribute', () => {
    assert.equal(
      md('[x](https://a.b/"onmouseover="x)'),
      `<p><a href="https://a.b/&quot;onmouseover=&quot;x" ${LINK}>x</a></p>\n`,
    );
    assert.equal(
      md('[x](https://a.b/" onmouseover="x)'),
      '<p>[x](https://a.b/&quot; onmouseover=&quot;x)</p>\n',
    );
    assert.equal(
      md('[x](<https://a.b/" onmouseover="x>)'),
      '<p>x <code class="blocked-url">https://a.b/&quot; onmouseover=&quot;x</code></p>\n',
    );
    assert.equal(
      md("<https://a.b/'x>"),
      `<p><a href="https://a.b/&#39;x" ${LINK}>https://a.b/&#39;x</a></p>\n`,
    );
  });

  it('writes a fence language only when it is a plain name', () => {
    for (const info of ['js" onload="alert(1)', "js'x", 'a<b', 'x'.repeat(33)])
      assert.equal(md(`~~~${info}\nx\n~~~`), '<pre><code>x\n</code></pre>\n');
    assert.equal(
      md('``` c++ extra words\nx\n```'),
      '<pre><code class="language-c++">x\n</code></pre>\n',
    );
  });

  it('loads no image, and shows where it would come from', () => {
    assert.equal(
      md('![a "b"](https://t.example/pixel.gif?u=1&v=2)'),
      '<p>[image: a &quot;b&quot;] <code class="image-url">https://t.example/pixel.gif?u=1&amp;v=2</code></p>\n',
    );
    assert.equal(
      md('[![i ![j](k)](https://x/i)](https://x/)'),
      `<p><a href="https://x/" ${LINK}>[image: i j] <code class="image-url">https://x/i</code></a></p>\n`,
    );
  });

  it('marks hidden and control characters, in text, code and headings', () => {
    const mark = (c: string): string => `<mark class="hidden-char" title="${c}">${c}</mark>`;
    assert.equal(
      md('a\u200bb\u202ec\u2066d\ufeffe\u{E0041}f\u0007g'),
      `<p>a${mark('U+200B')}b${mark('U+202E')}c${mark('U+2066')}d${mark('U+FEFF')}e${mark('U+E0041')}f${mark('U+0007')}g</p>\n`,
    );
    assert.equal(md('`\u2060`'), `<p><code>${mark('U+2060')}</code></p>\n`);
    assert.equal(md('```\n\u200d\n```'), `<pre><code>${mark('U+200D')}\n</code></pre>\n`);
    assert.equal(md('# \u200f'), `<h1 id="md-section">${mark('U+200F')}</h1>\n`);
  });

  it('hides no word of the source: link titles hover, extra table cells show', () => {
    assert.equal(
      md('[a](https://x/ "say \u202ethis\\"")'),
      `<p><a href="https://x/" title="say U+202Ethis&quot;" ${LINK}>a</a></p>\n`,
    );
    assert.match(md('a|b\n-|-\nc|d|do this too'), /<td>do this too<\/td>/);
  });

  it('names no heading after an element of the page', () => {
    assert.equal(md('# main'), '<h1 id="md-main">main</h1>\n');
  });

  it('renders 1 MB of brackets, stars and backticks as escaped text', () => {
    const inputs = [
      '[[[[[[*****``````<<!['.repeat(1 << 16),
      '*a_'.repeat(1 << 16) + '[a]('.repeat(1 << 16),
      '`'.repeat(1 << 16) + 'x'.repeat(1 << 16) + '``'.repeat(1 << 16),
    ];
    for (const s of inputs) {
      const out = md(s);
      assert.ok(out.length >= s.length / 2);
    }
  });
});

describe('renderMarkdown: properties', () => {
  const pieces = fc.constantFrom(
    ...'# * ** _ ` ``` ~~~ [ ] ( ) ![ ]( < > | - --- \\ " \' = : a b 1. 2) - > &'.split(' '),
    ...['\n', '\n\n', ' ', '  ', '\t', '|:-:|', 'on', 'onerror=', '<script>', '<!--', '-->'],
    ...['javascript:alert(1)', 'JaVaScRiPt:', 'https://x.y/', 'mailto:a@b', '//evil', 'http:'],
    ...['&#106;', '<img src=x onerror=alert(1)>', '\u200b', '\u202e', '\u{E0041}', '\0'],
  );
  const markdownish = fc.array(pieces, { maxLength: 60 }).map((a) => a.join(''));

  it('writes only allowed tags and attributes, balanced, for any string', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => void md(s)));
  });

  it('writes only allowed tags and attributes, balanced, for Markdown-like input', () => {
    fc.assert(
      fc.property(markdownish, (s) => void md(s)),
      { numRuns: Number(process.env.RUNS ?? 2000) },
    );
  });

  it('marks every hidden character of input without links, images or code', () => {
    /** The hidden characters among the pieces. */
    // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is one of them
    const hidden = /[\u0000\u200b\u202e]|\u{E0041}/gu;
    const plain = markdownish.filter((s) => !/[(`~]/.test(s));
    fc.assert(
      fc.property(plain, (s) => {
        const marks = md(s).match(/<mark class="hidden-char"/g)?.length ?? 0;
        assert.equal(marks, s.match(hidden)?.length ?? 0);
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps every letter and digit of input without links, fences or numbered lists', () => {
    const chars = fc.constantFrom(...'abXY09 \n\t*_#->!<&"\'[\\,=:'.split(''));
    const alnum = (s: string): string => s.replace(/[^A-Za-z0-9]/g, '');
    fc.assert(
      fc.property(fc.string({ unit: chars, maxLength: 120 }), (s) => {
        assert.equal(alnum(textOf(md(s))), alnum(s));
      }),
      { numRuns: 1000 },
    );
  });
});
