import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { renderAvailableSkills } from './available-skills.js';
import { type EntryView, formatSpec, type ListingFormat, listingCost } from './listing-format.js';

const FORMATS: readonly ListingFormat[] = ['markdown', 'xml', 'json'];

const viewArb: fc.Arbitrary<EntryView> = fc.record({
  name: fc.string({ minLength: 1, maxLength: 12 }),
  location: fc.string({ maxLength: 20 }),
  text: fc.option(fc.string({ unit: 'grapheme', maxLength: 30 }), { nil: null }),
});

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

  it('costs exactly what it prints: frame + entries + separators + closing line (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FORMATS),
        fc.array(viewArb, { maxLength: 6 }),
        fc.option(fc.nat(1200), { nil: null }),
        (format, views, omitted) => {
          const spec = formatSpec(format);
          const closing = omitted === null ? null : { line: `… and ${omitted} more`, omitted };
          const extra = closing ? spec.closingCost(views.length, closing.line, closing.omitted) : 0;
          assert.equal(spec.render(views, closing).length, listingCost(spec, views) + extra);
          for (const v of views) {
            assert.equal(spec.cost(v), spec.render([v], null).length - spec.frame);
            if (v.text)
              assert.equal(spec.cost(v), spec.base(v.name, v.location) + spec.measure(v.text));
          }
        },
      ),
    );
  });
});
