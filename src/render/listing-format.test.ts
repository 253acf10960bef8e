import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { renderAvailableSkills } from './available-skills.js';
import {
  type Block,
  type EntryView,
  formatSpec,
  type GroupView,
  type ListingFormat,
  listingCost,
} from './listing-format.js';

const FORMATS: readonly ListingFormat[] = ['markdown', 'xml', 'json'];

const viewArb: fc.Arbitrary<EntryView> = fc.record({
  name: fc.string({ minLength: 1, maxLength: 12 }),
  location: fc.option(fc.string({ maxLength: 20 }), { nil: null }),
  text: fc.option(fc.string({ unit: 'grapheme', maxLength: 30 }), { nil: null }),
});
const groupArb: fc.Arbitrary<GroupView> = fc.record({
  domain: fc.string({ minLength: 1, maxLength: 12 }),
  skills: fc.nat(2000),
  names: fc.array(fc.string({ minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 5 }),
});
const blockArb: fc.Arbitrary<Block> = fc.oneof(viewArb, groupArb);

describe('formatSpec', () => {
  it('prints an empty listing as nothing, the bare block, or an empty array', () => {
    assert.equal(formatSpec('markdown').render([], null), '');
    assert.equal(formatSpec('xml').render([], null), '<available_skills>\n</available_skills>');
    assert.equal(formatSpec('json').render([], null), '[]');
  });

  it('prints XML exactly as renderAvailableSkills does, a name alone with an empty description', () => {
    const views: EntryView[] = [
      { name: 'a', location: '/s/a/SKILL.md', text: 'Does <a> & b.' },
      { name: 'b', location: '/s/b/SKILL.md', text: null },
    ];
    assert.equal(
      formatSpec('xml').render(views, null),
      renderAvailableSkills([
        { name: 'a', description: 'Does <a> & b.', path: '/s/a/SKILL.md' },
        { name: 'b', description: '', path: '/s/b/SKILL.md' },
      ]),
    );
  });

  it('prints JSON entries as { name, description, location }, a name alone without description', () => {
    const text = formatSpec('json').render(
      [
        { name: 'a', location: '/a', text: 'Does A.' },
        { name: 'b', location: '/b', text: null },
      ],
      { line: '… and 3 more skills, not listed: ask.', omitted: 3 },
    );
    assert.deepEqual(JSON.parse(text), [
      { name: 'a', description: 'Does A.', location: '/a' },
      { name: 'b', location: '/b' },
      { omitted: 3, note: '… and 3 more skills, not listed: ask.' },
    ]);
  });

  it('prints a name without its path, and a domain once with its names under it', () => {
    const blocks: Block[] = [
      { name: 'a', location: null, text: 'Does A.' },
      { name: 'b', location: null, text: null, bare: true },
      { domain: 'apex', skills: 145, names: ['apex-testing', 'trigger-framework'] },
      { domain: 'flow', skills: 1, names: ['flow-basics'] },
    ];
    const closing = { line: '… and 143 more skills, not listed: ask.', omitted: 143 };
    assert.equal(
      formatSpec('markdown').render(blocks, closing),
      [
        '- a: Does A.',
        '- b',
        'apex (145 skills): apex-testing, trigger-framework',
        'flow (1 skill): flow-basics',
        closing.line,
      ].join('\n'),
    );
    assert.equal(
      formatSpec('xml').render(blocks, closing),
      [
        '<available_skills>',
        '<skill>\n<name>\na\n</name>\n<description>\nDoes A.\n</description>\n</skill>',
        '<skill>\n<name>\nb\n</name>\n</skill>',
        '<domain name="apex" skills="145">\napex-testing, trigger-framework\n</domain>',
        '<domain name="flow" skills="1">\nflow-basics\n</domain>',
        '</available_skills>',
        closing.line,
      ].join('\n'),
    );
    assert.deepEqual(JSON.parse(formatSpec('json').render(blocks, closing)), [
      { name: 'a', description: 'Does A.' },
      { name: 'b' },
      { domain: 'apex', skills: 145, names: ['apex-testing', 'trigger-framework'] },
      { domain: 'flow', skills: 1, names: ['flow-basics'] },
      { omitted: 143, note: closing.line },
    ]);
  });

  it('costs exactly what it prints: frame + blocks + separators + closing line (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FORMATS),
        fc.array(blockArb, { maxLength: 6 }),
        fc.option(fc.nat(1200), { nil: null }),
        (format, blocks, omitted) => {
          const spec = formatSpec(format);
          const closing = omitted === null ? null : { line: `… and ${omitted} more`, omitted };
          const extra = closing
            ? spec.closingCost(blocks.length, closing.line, closing.omitted)
            : 0;
          assert.equal(spec.render(blocks, closing).length, listingCost(spec, blocks) + extra);
          for (const b of blocks) {
            const alone = spec.render([b], null).length - spec.frame;
            if ('names' in b) {
              assert.equal(spec.groupCost(b), alone);
              // A group grows by exactly what nameCost says, name by name.
              const [first, ...rest] = b.names as [string, ...string[]];
              let cost = spec.groupCost({ ...b, names: [first] });
              for (const [k, name] of rest.entries()) {
                cost += spec.nameCost(name, false);
                assert.equal(cost, spec.groupCost({ ...b, names: b.names.slice(0, k + 2) }));
              }
              continue;
            }
            assert.equal(spec.cost(b), alone);
            if (b.text)
              assert.equal(spec.cost(b), spec.base(b.name, b.location) + spec.measure(b.text));
          }
        },
      ),
    );
  });
});
