import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TierSkill } from '../tier/domains.js';
import { findTiers, listingDomains, reachHint } from './listing-domains.js';

const skill = (
  root: string,
  rel: string,
  description = 'Does it.',
  frontmatter: Partial<TierSkill['frontmatter']> = {},
): TierSkill => {
  const id = rel.split('/').pop() as string;
  return {
    id,
    name: id,
    description,
    path: `${root}/${rel}/SKILL.md`,
    source: { scope: 'additional', root },
    frontmatter: { extra: {}, ...frontmatter },
  };
};

describe('listingDomains', () => {
  it('takes the first folder below the root, as the tier builder does; a skill at the root is general', () => {
    const d = listingDomains([
      skill('/lib', 'apex/trigger-framework'),
      skill('/lib', 'Flow Builder/flow-debug'),
      skill('/lib', 'loose'),
    ]);
    assert.deepEqual(Object.fromEntries(d), {
      'trigger-framework': 'apex',
      'flow-debug': 'flow-builder',
      loose: 'general',
    });
  });

  it('looks below the folders every skill of a root shares (plugins/<plugin>/skills/<skill>)', () => {
    const d = listingDomains([
      skill('/w', 'plugins/ui-design/skills/accessibility'),
      skill('/w', 'plugins/data-eng/skills/airflow-dags'),
      skill('/w', 'plugins/data-eng/skills/dbt'),
      // Another root is looked at on its own.
      skill('/u', 'mine/one'),
    ]);
    assert.deepEqual(Object.fromEntries(d), {
      accessibility: 'ui-design',
      'airflow-dags': 'data-eng',
      dbt: 'data-eng',
      one: 'general',
    });
  });

  it('takes the front matter domain, else category, with --domains-from field', () => {
    const d = listingDomains(
      [
        skill('/lib', 'a/x', 'X.', { domain: 'Sales Ops' }),
        skill('/lib', 'a/y', 'Y.', { category: 'data' }),
        skill('/lib', 'a/z'),
      ],
      'field',
    );
    assert.deepEqual(Object.fromEntries(d), { x: 'sales-ops', y: 'data', z: 'general' });
  });
});

describe('findTiers', () => {
  it('finds a built tier by its routers’ generated descriptions, and points the closing line to them', () => {
    const tiers = findTiers([
      {
        id: 'sf',
        description:
          'Entry point for the sf library: 978 skills across 11 domains (admin, apex). It does not answer questions itself.',
      },
      { id: 'sf-apex', description: 'Router for the 145 `apex` skills. Skills on apex.' },
      { id: 'sf-omni', description: 'Router for the one `omni` skill. Skills on omni.' },
      { id: 'sf-notes', description: 'Notes on sf.' },
      { id: 'other', description: 'Router for the 3 `x` skills. Not this tier’s.' },
    ]);
    assert.deepEqual(tiers, [{ entry: 'sf', routers: ['sf-apex', 'sf-omni'] }]);
    assert.equal(
      reachHint(tiers, 'find_skill'),
      'open the router of their domain (sf-<domain>; sf lists the domains), or find them with the find_skill tool (skillset search)',
    );
    assert.equal(reachHint([]), 'find them with the search_skills tool (skillset search)');
  });
});
