import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { renderAvailableSkills } from './available-skills.js';
import {
  DEFAULT_ENTRY_CAP,
  LEGACY_ENTRY_CAP,
  type ListingEntry,
  type ListingFormat,
  listingBudget,
  renderListing,
} from './listing.js';

const e = (name: string, description: string, over: Partial<ListingEntry> = {}): ListingEntry => ({
  name,
  description,
  location: `/s/${name}/SKILL.md`,
  ...over,
});
const x30 = 'x'.repeat(30);
const y30 = 'y'.repeat(30);
const z30 = 'z'.repeat(30);
const shown = (r: ReturnType<typeof renderListing>) => r.entries.map((en) => en.shown);

describe('listingBudget', () => {
  it('takes explicit characters, else contextTokens × 4 × fraction, else 8,000', () => {
    assert.equal(listingBudget({}), 8000);
    assert.equal(listingBudget({ contextTokens: 200_000 }), 8000);
    assert.equal(listingBudget({ contextTokens: 200_000, fraction: 0.02 }), 16_000);
    assert.equal(listingBudget({ contextTokens: 1_000_000 }), 40_000);
    assert.equal(listingBudget({ chars: 5000, contextTokens: 1_000_000 }), 5000);
    assert.equal(listingBudget({ chars: 12.7 }), 12);
  });

  it('ignores a negative or NaN size and a fraction outside (0, 1]', () => {
    assert.equal(listingBudget({ chars: -1, contextTokens: 100_000 }), 4000);
    assert.equal(listingBudget({ chars: Number.NaN }), 8000);
    assert.equal(listingBudget({ contextTokens: 100_000, fraction: 5 }), 4000);
    assert.equal(listingBudget({ contextTokens: 100_000, fraction: 0 }), 4000);
  });
});

describe('renderListing: the cascade (markdown, exact lengths)', () => {
  // Three entries of 35 characters each (`- a: ` + 30), joined by 2 newlines: 107 in all.
  const three = [e('a', x30), e('b', y30), e('p', z30, { pinned: true })];

  it('level 1: lists every entry whole when it fits', () => {
    const r = renderListing(three, { budget: 107 });
    assert.equal(r.text, `- a: ${x30}\n- b: ${y30}\n- p: ${z30}`);
    assert.equal(r.chars, 107);
    assert.equal(r.level, 'full');
    assert.deepEqual(
      r.entries.map((en) => en.chars),
      [35, 35, 35],
    );
    assert.equal(r.omitted, 0);
  });

  it('level 2: truncates unpinned descriptions to an equal share; the pinned one stays whole', () => {
    // share = (106 − 2 newlines − 35 pinned − 2 × 5 for `- a: `, `- b: `) / 2 = 29.
    const r = renderListing(three, { budget: 106 });
    assert.equal(r.text, `- a: ${'x'.repeat(28)}…\n- b: ${'y'.repeat(28)}…\n- p: ${z30}`);
    assert.equal(r.chars, 105);
    assert.equal(r.level, 'truncated');
    assert.deepEqual(shown(r), ['truncated', 'truncated', 'full']);
    assert.deepEqual(
      r.entries.map((en) => en.chars),
      [34, 34, 35],
    );
  });

  it('level 2 holds down to a share of 20 characters', () => {
    const r = renderListing(three, { budget: 87 });
    assert.equal(r.text, `- a: ${'x'.repeat(19)}…\n- b: ${'y'.repeat(19)}…\n- p: ${z30}`);
    assert.equal(r.chars, 87);
    assert.equal(r.level, 'truncated');
  });

  it('level 3: names only once the share drops under 20; the pinned entry stays whole', () => {
    const r = renderListing(three, { budget: 86 });
    assert.equal(r.text, `- a\n- b\n- p: ${z30}`);
    assert.equal(r.chars, 43);
    assert.equal(r.level, 'names');
    assert.deepEqual(shown(r), ['name', 'name', 'full']);
  });

  it('level 3: a pinned entry falls to its name only when its text would not fit beside the names', () => {
    const r = renderListing(three, { budget: 42 });
    assert.equal(r.text, '- a\n- b\n- p');
    assert.equal(r.chars, 11);
    assert.deepEqual(shown(r), ['name', 'name', 'name']);
  });

  it('leaves unpinned entries without a description out of the share', () => {
    // share = (60 − 2 newlines − 3 for `- q` − 2 × 5) / 2 = 22.
    const r = renderListing([e('a', x30), e('b', y30), e('q', '')], { budget: 60 });
    assert.equal(r.text, `- a: ${'x'.repeat(21)}…\n- b: ${'y'.repeat(21)}…\n- q`);
    assert.equal(r.chars, 59);
    assert.deepEqual(shown(r), ['truncated', 'truncated', 'full']);
  });
});

describe('renderListing: the per-entry cap', () => {
  it('caps description plus when_to_use at 1,536 characters by default, `…` included', () => {
    assert.equal(DEFAULT_ENTRY_CAP, 1536);
    const r = renderListing([e('big', 'd'.repeat(1600))]);
    assert.equal(r.text, `- big: ${'d'.repeat(1535)}…`);
    assert.equal(r.chars, 7 + 1536);
    assert.deepEqual(shown(r), ['capped']);
    assert.equal(r.level, 'full');
  });

  it('caps the joined text, when_to_use included; the cap is configurable (250 of old)', () => {
    const entry = e('w', 'd'.repeat(10), { whenToUse: 'w'.repeat(10) });
    assert.equal(renderListing([entry], { entryCap: 15 }).text, `- w: ${'d'.repeat(10)} - w…`);
    // A cut that lands after a blank drops the blank.
    assert.equal(renderListing([entry], { entryCap: 12 }).text, `- w: ${'d'.repeat(10)}…`);
    assert.equal(LEGACY_ENTRY_CAP, 250);
    const old = renderListing([e('big', 'd'.repeat(300))], { entryCap: LEGACY_ENTRY_CAP });
    assert.equal(old.chars, 7 + 250);
  });

  it('prints a name on one line but reports and ranks it as given', () => {
    const r = renderListing([e('two\nlines', x30), e('b', y30)], {
      budget: 50,
      usage: new Map([['two\nlines', 9]]),
    });
    assert.equal(r.text, `- two lines: ${x30}\n- b`);
    assert.deepEqual(
      r.entries.map((en) => en.name),
      ['two\nlines', 'b'],
    );
  });

  it('caps pinned entries too, and puts a multi-line description on one line', () => {
    const r = renderListing([e('p', 'one\n  two\r\nthree', { pinned: true, whenToUse: 'a\nb' })]);
    assert.equal(r.text, '- p: one two three - a b');
    const capped = renderListing([e('p', 'd'.repeat(40), { pinned: true })], { entryCap: 20 });
    assert.equal(capped.text, `- p: ${'d'.repeat(19)}…`);
  });
});

describe('renderListing: usage-ranked', () => {
  const three = [e('a', x30), e('b', y30), e('c', z30)];
  const usage = new Map([
    ['a', 10],
    ['b', 1],
    ['c', 5],
  ]);

  it('drops descriptions from the least used upward until the listing fits', () => {
    const r = renderListing(three, { budget: 100, usage });
    assert.equal(r.text, `- a: ${x30}\n- b\n- c: ${z30}`);
    assert.equal(r.chars, 75);
    assert.equal(r.level, 'truncated');
    assert.equal(r.mode, 'usage');
    assert.deepEqual(shown(r), ['full', 'name', 'full']);
    const tighter = renderListing(three, { budget: 74, usage });
    assert.equal(tighter.text, `- a: ${x30}\n- b\n- c`);
    assert.equal(tighter.chars, 43);
  });

  it('is names only when even the most used description does not fit', () => {
    const r = renderListing(three, { budget: 42, usage });
    assert.equal(r.text, '- a\n- b\n- c');
    assert.equal(r.level, 'names');
  });

  it('breaks ties by name (unknown skills count 0 uses)', () => {
    const r = renderListing([e('c', z30), e('b', y30), e('a', x30)], {
      budget: 75,
      usage: new Map(),
    });
    assert.equal(r.text, `- c\n- b: ${y30}\n- a: ${x30}`);
    assert.equal(r.chars, 75);
  });
});

describe('renderListing: relevance-ranked', () => {
  const three = [e('a', x30), e('b', y30), e('c', z30)];
  const relevance = new Map([
    ['c', 0.9],
    ['a', 0.5],
  ]);

  it('keeps the highest scored whole; the others share what is left', () => {
    // c and a whole (75 with b as a name); b gets (100 − 72 − 5) = 23 characters.
    const r = renderListing(three, { budget: 100, relevance });
    assert.equal(r.text, `- a: ${x30}\n- b: ${'y'.repeat(22)}…\n- c: ${z30}`);
    assert.equal(r.chars, 100);
    assert.equal(r.mode, 'relevance');
    assert.deepEqual(shown(r), ['full', 'truncated', 'full']);
  });

  it('shows the others by name when their share is under 20', () => {
    const r = renderListing(three, { budget: 90, relevance });
    assert.equal(r.text, `- a: ${x30}\n- b\n- c: ${z30}`);
    assert.equal(r.chars, 75);
    const one = renderListing(three, { budget: 60, relevance });
    assert.equal(one.text, `- a\n- b\n- c: ${z30}`);
    assert.equal(one.chars, 43);
    assert.equal(one.level, 'truncated');
  });
});

describe('renderListing: hidden entries', () => {
  it('hides disable-model-invocation, inactive conditional skills and hidden overrides, with reasons', () => {
    const r = renderListing(
      [
        e('manual', 'M.', { disableModelInvocation: true }),
        e('lazy', 'L.', { paths: ['src/**/*.ts'] }),
        e('woken', 'W.', { paths: ['docs/**'] }),
        e('blank', 'B.', { paths: ['  '] }),
        e('off', 'O.', { visibility: 'hidden' }),
        e('terse', 'T.', { visibility: 'name-only' }),
      ],
      { activated: new Set(['woken']) },
    );
    assert.equal(r.text, '- woken: W.\n- blank: B.\n- terse');
    assert.deepEqual(
      r.hidden.map((h) => [h.name, h.reason]),
      [
        ['manual', 'disable-model-invocation'],
        ['lazy', 'inactive-paths'],
        ['off', 'override'],
      ],
    );
    assert.match(r.hidden[0]?.message ?? '', /disable-model-invocation: true/);
    assert.deepEqual(shown(r), ['full', 'full', 'name']);
  });
});

describe('renderListing: partial (even the names do not fit)', () => {
  // Rank: pinned-one, relevant-one, used-one, then by name: alpha beta gamma kappa omega theta zeta.
  const names = ['zeta', 'used-one', 'alpha', 'pinned-one', 'relevant-one', 'beta'];
  const ten = [...names, 'gamma', 'kappa', 'omega', 'theta'].map((n) =>
    e(n, `Does ${n}.`, { pinned: n === 'pinned-one' }),
  );
  const options = {
    relevance: new Map([['relevant-one', 0.5]]),
    usage: new Map([['used-one', 4]]),
    searchHint: 'ask',
  };

  it('keeps pinned, relevant, most used, then the most representative, and ends with one closing line', () => {
    // The names alone take 92. In 91: the pinned entry first, then rank order (relevant-one,
    // used-one), then the spread: in one domain, the shortest names first (beta, zeta), never by
    // name alone; a newline and the closing line (37) end it.
    const r = renderListing(ten, { ...options, budget: 91 });
    assert.equal(
      r.text,
      '- pinned-one\n- relevant-one\n- used-one\n- beta\n- zeta\n… and 5 more skills, not listed: ask.',
    );
    assert.equal(r.chars, 90);
    assert.equal(r.level, 'partial');
    assert.equal(r.omitted, 5);
    assert.deepEqual(
      r.entries.filter((en) => en.shown === 'omitted').map((en) => en.name),
      ['alpha', 'gamma', 'kappa', 'omega', 'theta'],
    );
    assert.deepEqual(r.choice, {
      by: 'relevance',
      listed: { pinned: 1, relevance: 1, usage: 1, spread: 2 },
      described: 0,
      domains: 0,
      reached: 0,
      named: 0,
    });
  });

  it('still describes the skills scored as relevant (50 and up), within half the budget, before the names', () => {
    const relevance = new Map([
      ['relevant-one', 80],
      ['alpha', 55],
      ['beta', 49],
    ]);
    // The names alone take 92. At 90, relevant-one (80) keeps "Does relevant-one." beside the
    // pinned name; alpha (55) would, but then no name of it fits with the closing line.
    const r = renderListing(ten, { relevance, searchHint: 'ask', budget: 90 });
    assert.equal(
      r.text,
      '- pinned-one\n- relevant-one: Does relevant-one.\n… and 8 more skills, not listed: ask.',
    );
    assert.equal(r.chars, 85);
    assert.equal(r.level, 'partial');
    // With room, both relevant skills are described; beta (49) is under the bar and gets its name.
    const more = Array.from({ length: 30 }, (_, i) =>
      e(`n${String(i).padStart(2, '0')}`, 'Does n.'),
    );
    const wide = renderListing([...ten, ...more], {
      relevance,
      searchHint: 'ask',
      budget: 140,
    });
    assert.equal(wide.level, 'partial');
    assert.deepEqual(
      wide.entries.filter((en) => en.shown === 'full').map((en) => en.name),
      ['alpha', 'relevant-one'],
    );
    assert.equal(wide.entries.find((en) => en.name === 'beta')?.shown, 'name');
    // Descriptions never take more than half the budget: at 70 the description would not fit.
    const tight = renderListing(ten, { relevance, searchHint: 'ask', budget: 70 });
    assert.equal(tight.text, '- pinned-one\n- relevant-one\n… and 8 more skills, not listed: ask.');
  });

  it('is the closing line alone when no name fits beside it, then its brief form, and empty under that', () => {
    const line = renderListing(ten, { ...options, budget: 38 });
    assert.equal(line.text, '… and 10 more skills, not listed: ask.');
    assert.equal(line.chars, 38);
    // Under that, the brief form (the count alone), and empty only when even it does not fit.
    const brief = renderListing(ten, { ...options, budget: 37 });
    assert.equal(brief.text, '… 10 more skills not listed.');
    assert.equal(brief.chars, 28);
    assert.equal(brief.omitted, 10);
    const none = renderListing(ten, { ...options, budget: 27 });
    assert.equal(none.text, '');
    assert.equal(none.chars, 0);
    assert.equal(none.omitted, 10);
    assert.equal(none.level, 'partial');
  });

  it('names the search tool given, and counts a library of 1,000 skills in 8,000 characters', () => {
    const lib = Array.from({ length: 1000 }, (_, i) =>
      e(`skill-${String(i + 1).padStart(4, '0')}`, 'Does a thing. '.repeat(5)),
    );
    const r = renderListing(lib);
    // 608 names of 12 characters and 607 newlines, a newline and the 91-character closing line.
    assert.equal(r.chars, 7995);
    assert.equal(r.omitted, 392);
    assert.ok(
      r.text.endsWith(
        '\n- skill-0608\n… and 392 more skills, not listed: find them with the search_skills tool (skillset search).',
      ),
    );
    const own = renderListing(lib, { searchTool: 'find_skill' });
    assert.match(own.text, /find them with the find_skill tool \(skillset search\)\.$/);
  });
});

describe('renderListing: partial, spread across domains', () => {
  // Three domains: apex (4 skills), flow (6), data (8); names alone take 199 characters.
  const lib = ['apex', 'flow', 'data'].flatMap((d, j) =>
    Array.from({ length: 4 + 2 * j }, (_, k) =>
      e(`${d}-${k + 1}`, `Does ${d} ${k + 1}.`, { domain: d }),
    ),
  );

  it('names every domain once, the largest first, with its names under it, and never a path', () => {
    const r = renderListing(lib, { budget: 120, searchHint: 'ask' });
    assert.equal(
      r.text,
      'data (8 skills): data-1, data-2\nflow (6 skills): flow-1\napex (4 skills): apex-1\n… and 14 more skills, not listed: ask.',
    );
    assert.equal(r.chars, 118);
    assert.deepEqual(r.choice, {
      by: 'domains',
      listed: { pinned: 0, relevance: 0, usage: 0, spread: 4 },
      described: 0,
      domains: 3,
      reached: 3,
      named: 3,
    });
    assert.equal(r.entries.find((en) => en.name === 'data-1')?.chars, 'data-1'.length);
  });

  it('lists the turn’s skills first, describes the relevant, and leans toward the turn’s domain', () => {
    const r = renderListing(lib, {
      budget: 140,
      searchHint: 'ask',
      relevance: new Map([
        ['flow-3', 60],
        ['flow-5', 20],
      ]),
    });
    assert.equal(
      r.text,
      '- flow-3: Does flow 3.\nflow (6 skills): flow-5, flow-1\ndata (8 skills): data-1\n… and 14 more skills, not listed: ask.',
    );
    assert.equal(r.choice?.by, 'relevance');
    assert.deepEqual(r.choice?.listed, { pinned: 0, relevance: 2, usage: 0, spread: 2 });
  });

  it('lists the most used first, then the spread, when there is no turn', () => {
    const r = renderListing(lib, {
      budget: 120,
      searchHint: 'ask',
      usage: new Map([['apex-4', 3]]),
    });
    assert.equal(
      r.text,
      'apex (4 skills): apex-4, apex-1\ndata (8 skills): data-1\nflow (6 skills): flow-1\n… and 14 more skills, not listed: ask.',
    );
    assert.equal(r.choice?.by, 'usage');
  });

  it('puts pinned entries first, on their own, and groups in XML and JSON too', () => {
    const pinned = [
      ...lib,
      e('guide', 'How to use this library.', { domain: 'data', pinned: true }),
    ];
    const xml = renderListing(pinned, { format: 'xml', budget: 300, searchHint: 'ask' });
    assert.equal(
      xml.text,
      [
        '<available_skills>',
        '<skill>\n<name>\nguide\n</name>\n</skill>',
        '<domain name="data" skills="9">\ndata-1, data-2, data-3\n</domain>',
        '<domain name="flow" skills="6">\nflow-1, flow-2\n</domain>',
        '<domain name="apex" skills="4">\napex-1, apex-2\n</domain>',
        '</available_skills>',
        '… and 11 more skills, not listed: ask.',
      ].join('\n'),
    );
    assert.ok(xml.chars <= 300);
    const json = renderListing(pinned, { format: 'json', budget: 200, searchHint: 'ask' });
    assert.deepEqual(JSON.parse(json.text), [
      { name: 'guide' },
      { domain: 'data', skills: 9, names: ['data-1'] },
      { domain: 'flow', skills: 6, names: ['flow-1'] },
      { omitted: 16, note: '… and 16 more skills, not listed: ask.' },
    ]);
  });
});

describe('renderListing: XML and JSON', () => {
  it('renders an empty list as the bare block, like the reference', () => {
    assert.equal(
      renderListing([], { format: 'xml' }).text,
      '<available_skills>\n</available_skills>',
    );
    assert.equal(renderListing([], { format: 'json' }).text, '[]');
    assert.equal(renderListing([]).text, '');
    // Too small for even the bare block: empty, and nothing is missing.
    const tiny = renderListing([], { format: 'xml', budget: 10 });
    assert.deepEqual([tiny.text, tiny.level, tiny.omitted], ['', 'full', 0]);
  });

  it('renders the full XML listing byte for byte as renderAvailableSkills', () => {
    const entries = [e('a', 'Does <a> & b.', { whenToUse: 'Use "now".' }), e('b', 'Two\nlines.')];
    assert.equal(
      renderListing(entries, { format: 'xml' }).text,
      renderAvailableSkills([
        { name: 'a', description: 'Does <a> & b. - Use "now".', path: '/s/a/SKILL.md' },
        { name: 'b', description: 'Two lines.', path: '/s/b/SKILL.md' },
      ]),
    );
  });

  it('budgets the whole XML block, escapes counted; the paths go first', () => {
    // With paths an entry costs 101 + its escaped description; frame 38. a: 151, b (20 × `&amp;`):
    // 201; 390 in all. Without paths, 64 + description: 114 and 164, 316 in all.
    const entries = [e('a', 'x'.repeat(50)), e('b', '&'.repeat(20))];
    const whole = renderListing(entries, { format: 'xml', budget: 390 });
    assert.deepEqual([whole.level, whole.paths], ['full', true]);
    const bare = renderListing(entries, { format: 'xml', budget: 389 });
    assert.deepEqual([bare.level, bare.paths, bare.chars], ['full', false, 316]);
    assert.doesNotMatch(bare.text, /<location>/);
    const r = renderListing(entries, { format: 'xml', budget: 315 });
    // share = 315 − 38 − 2 × 64 = 149 → 74 each: a keeps 50; b keeps 14 `&` (70) and `…`.
    assert.equal(r.level, 'truncated');
    assert.equal(r.chars, 287);
    assert.match(r.text, new RegExp(`<description>\\n${'&amp;'.repeat(14)}…\\n</description>`));
  });

  it('puts the XML closing line after the block, names without paths', () => {
    // A name alone is 34 characters without <description> and <location>. The names take
    // 38 + 3 × 34 = 140; one name and the closing line (1 + 37) take 110, two would take 143.
    const r = renderListing([e('a', 'A.'), e('b', 'B.'), e('c', 'C.')], {
      format: 'xml',
      budget: 120,
      searchHint: 'ask',
    });
    assert.equal(r.level, 'partial');
    assert.equal(
      r.text,
      '<available_skills>\n<skill>\n<name>\na\n</name>\n</skill>\n</available_skills>\n… and 2 more skills, not listed: ask.',
    );
    assert.equal(r.chars, 110);
    assert.equal(r.paths, false);
  });

  it('budgets JSON by its serialized length; paths go first, and a name alone has no description', () => {
    const entries = [e('a', x30), e('b', y30)];
    const full = renderListing(entries, { format: 'json' });
    assert.deepEqual(JSON.parse(full.text), [
      { name: 'a', description: x30, location: '/s/a/SKILL.md' },
      { name: 'b', description: y30, location: '/s/b/SKILL.md' },
    ]);
    // `[` + 86 + `,` + 86 + `]`: {"name":"a", (12) "description":"x…", (47) "location":"/s/a/SKILL.md"} (27).
    assert.equal(full.chars, 175);
    const bare = renderListing(entries, { format: 'json', budget: 174 });
    assert.deepEqual(JSON.parse(bare.text), [
      { name: 'a', description: x30 },
      { name: 'b', description: y30 },
    ]);
    assert.deepEqual([bare.level, bare.chars], ['full', 121]);
    const names = renderListing(entries, { format: 'json', budget: 100 });
    assert.equal(names.level, 'names');
    assert.equal(names.text, '[{"name":"a"},{"name":"b"}]');
    // Six names alone: 2 + 6 × 12 + 5 = 79; one name (12), a comma and the closing object (60) take 75.
    const six = ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => e(n, x30));
    const partial = renderListing(six, { format: 'json', budget: 78, searchHint: 'ask' });
    assert.deepEqual(JSON.parse(partial.text), [
      { name: 'a' },
      { omitted: 5, note: '… and 5 more skills, not listed: ask.' },
    ]);
    assert.equal(partial.chars, 75);
  });
});

describe('renderListing: purity', () => {
  it('does not change its frozen input and gives the same result twice', () => {
    const entries = Object.freeze([
      Object.freeze(e('a', x30, { paths: Object.freeze(['x']) })),
      Object.freeze(e('b', y30)),
    ]);
    const options = Object.freeze({ budget: 50, usage: new Map([['b', 2]]) });
    assert.deepEqual(renderListing(entries, options), renderListing(entries, options));
  });
});

const entryArb: fc.Arbitrary<ListingEntry> = fc
  .record(
    {
      name: fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/),
      description: fc.oneof(
        fc.string({ unit: 'binary', maxLength: 30 }),
        fc.string({ unit: 'grapheme', minLength: 40, maxLength: 400, size: 'max' }),
      ),
      whenToUse: fc.string({ unit: 'grapheme', maxLength: 40 }),
      location: fc.string({ maxLength: 30 }),
      pinned: fc.boolean(),
      disableModelInvocation: fc.boolean(),
      paths: fc.array(fc.constantFrom('src/**', ' '), { maxLength: 2 }),
      visibility: fc.constantFrom('full' as const, 'name-only' as const, 'hidden' as const),
    },
    { requiredKeys: ['name', 'description', 'location'] },
  )
  .map((r) => r as ListingEntry);

// What the names alone take in each form, worked out apart from the code under test.
function namesAlone(format: ListingFormat, visible: readonly ListingEntry[]): number {
  if (format === 'xml')
    return renderAvailableSkills(
      visible.map((v) => ({ name: v.name, description: '', path: v.location })),
    ).length;
  if (format === 'json')
    return JSON.stringify(visible.map((v) => ({ name: v.name, location: v.location }))).length;
  return visible.reduce((n, v) => n + v.name.length + 2, 0) + Math.max(0, visible.length - 1);
}

describe('renderListing: invariants (property)', () => {
  it('never exceeds the budget, reports every entry, and lists every name while names alone fit', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(entryArb, { selector: (en) => en.name, maxLength: 25, size: 'max' }),
        // A budget in characters, or a share of what the whole listing would take.
        fc.noBias(
          fc.oneof(
            fc.integer({ min: 0, max: 3000 }).map((chars) => ({ chars, percent: 0 })),
            fc.integer({ min: 0, max: 110 }).map((percent) => ({ chars: -1, percent })),
          ),
        ),
        fc.constantFrom<ListingFormat>('markdown', 'xml', 'json'),
        fc.constantFrom('none', 'usage', 'relevance'),
        fc.option(fc.integer({ min: 0, max: 300 }), { nil: undefined }),
        fc.boolean(),
        (given, size, format, ranking, entryCap, withDomains) => {
          // With domains, the names cut to fit are grouped under them.
          const entries = given.map((en, i) =>
            withDomains ? { ...en, domain: ['apex', 'admin', 'flow'][i % 3] as string } : en,
          );
          const counts = new Map(entries.map((en, i) => [en.name, i % 4]));
          const options = {
            format,
            activated: new Set(entries.filter((_, i) => i % 2 === 0).map((en) => en.name)),
            ...(entryCap === undefined ? {} : { entryCap }),
            ...(ranking === 'usage' ? { usage: counts } : {}),
            ...(ranking === 'relevance' ? { relevance: counts } : {}),
          };
          const whole = renderListing(entries, { ...options, budget: Number.POSITIVE_INFINITY });
          const budget =
            size.chars >= 0 ? size.chars : Math.floor((whole.chars * size.percent) / 100);
          const r = renderListing(entries, { ...options, budget });
          assert.equal(r.chars, r.text.length);
          assert.ok(r.chars <= budget, `${r.chars} of ${budget}`);
          assert.equal(r.entries.length + r.hidden.length, entries.length);
          const omitted = r.entries.filter((en) => en.shown === 'omitted').length;
          assert.equal(r.omitted, omitted);
          const hidden = new Set(r.hidden.map((h) => h.name));
          const visible = entries.filter((en) => !hidden.has(en.name));
          if (namesAlone(format, visible) <= budget) assert.equal(omitted, 0);
          if (omitted > 0 && r.text !== '') assert.match(r.text, /more skills?,? not listed/);
          for (const [i, en] of r.entries.entries()) {
            if (en.shown === 'omitted') assert.equal(en.chars, 0);
            if (visible[i]?.pinned) assert.notEqual(en.shown, 'truncated');
          }
          const listed = r.entries.filter((en) => en.shown !== 'omitted').map((en) => en.name);
          if (r.choice)
            assert.equal(
              Object.values(r.choice.listed).reduce((n, k) => n + k, 0),
              listed.length,
            );
          // Paths only while every entry fits whole with them, and never in markdown.
          if (r.paths) assert.equal(r.level, 'full');
          if (r.level !== 'full' || !r.paths) assert.doesNotMatch(r.text, /<location>|"location"/);
          if (format === 'markdown' && r.text !== '') {
            // Each listed name once, as an entry (`- name…`) or in its domain's group; in a partial
            // listing, pinned entries first.
            const printed: string[] = [];
            for (const line of r.text.split('\n')) {
              const entry = /^- ([a-z0-9-]+)/.exec(line);
              if (entry) printed.push(entry[1] as string);
              const group = /^(apex|admin|flow) \(\d+ skills?\): (.*)$/.exec(line);
              if (group) printed.push(...(group[2] as string).split(', '));
            }
            assert.deepEqual([...printed].sort(), [...listed].sort());
            const pinned = new Set(visible.filter((v) => v.pinned).map((v) => v.name));
            const firstUnpinned = printed.findIndex((n) => !pinned.has(n));
            if (r.level === 'partial' && firstUnpinned >= 0)
              assert.ok(
                printed.slice(firstUnpinned).every((n) => !pinned.has(n)),
                r.text,
              );
          }
          if (format === 'json' && r.text !== '') assert.ok(Array.isArray(JSON.parse(r.text)));
          // With no entry listed, the XML form is the closing line alone, without an empty block.
          if (format === 'xml' && r.text !== '')
            assert.ok(
              omitted > 0 && omitted === r.entries.length
                ? /^… .* not listed/.test(r.text)
                : r.text.startsWith('<available_skills>'),
              r.text,
            );
        },
      ),
      { numRuns: 300 },
    );
  });
});
