import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { escapeHtml, html, Raw, raw } from './html.js';

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and quoted attributes', () => {
    assert.equal(
      escapeHtml(`<a href="x" title='y'>&amp;</a>`),
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
  });

  it('leaves no markup character raw, for any string, and loses nothing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const out = escapeHtml(s);
        assert.doesNotMatch(out, /[<>"']/);
        assert.doesNotMatch(out, /&(?!amp;|lt;|gt;|quot;|#39;)/);
        const back = out.replace(
          /&(amp|lt|gt|quot|#39);/g,
          (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] as string,
        );
        assert.equal(back, s);
      }),
    );
  });
});

describe('html', () => {
  it('escapes interpolated text and keeps the literal parts as markup', () => {
    const x = '<script>alert(1)</script>';
    const out = html`<p title="${'"onclick="x'}">${x}</p>`;
    assert.ok(out instanceof Raw);
    assert.equal(
      out.value,
      '<p title="&quot;onclick=&quot;x">&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
  });

  it('inserts Raw values as they are, and nests', () => {
    const inner = html`<em>${'a&b'}</em>`;
    assert.equal(html`<p>${inner}${raw('<br>')}</p>`.value, '<p><em>a&amp;b</em><br></p>');
    assert.equal(String(inner), '<em>a&amp;b</em>');
  });

  it('joins arrays with no separator, escaping their strings', () => {
    const items = ['a', 'b<'].map((s) => html`<li>${s}</li>`);
    assert.equal(html`<ul>${items}</ul>`.value, '<ul><li>a</li><li>b&lt;</li></ul>');
    assert.equal(html`${['<', raw('<hr>'), ['>']]}`.value, '&lt;<hr>&gt;');
  });

  it('renders null, undefined and false as nothing, numbers and true as text', () => {
    const no = false as boolean;
    assert.equal(html`[${null}${undefined}${no && 'x'}]`.value, '[]');
    assert.equal(html`${0} ${1.5} ${true}`.value, '0 1.5 true');
  });

  it('never lets an interpolated string add a tag or an attribute', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const out = html`<div class="${a}">${b}</div>`.value;
        assert.equal(out, `<div class="${escapeHtml(a)}">${escapeHtml(b)}</div>`);
        assert.equal(out.match(/[<>"]/g)?.length, 6);
      }),
    );
  });
});
