import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  type ApprovalState,
  approvalFor,
  decideSkillPermission,
  listingVisibility,
  overrideFor,
  overrideProblems,
  type PermissionPolicy,
  type PermissionRequest,
  type PermissionSubject,
  parseApprovalState,
  recordApproval,
  revokeApproval,
  SAFE_SKILL_PROPERTIES,
  type SkillOverride,
  unsafeProperties,
} from './permissions.js';

const makeSkill = (over: Partial<PermissionSubject> = {}): PermissionSubject => ({
  id: 'deploy',
  name: 'deploy',
  contentHash: 'hash-a',
  raw: { name: 'deploy', description: 'Deploy the app', 'allowed-tools': 'Bash(git *)' },
  ...over,
});
const safeSkill = (over: Partial<PermissionSubject> = {}) =>
  makeSkill({ raw: { name: 'deploy', description: 'Deploy the app' }, ...over });
const model: PermissionRequest = { by: 'model' };
const user: PermissionRequest = { by: 'user' };

describe('decideSkillPermission: rules', () => {
  // [case, skill id, request, policy, decision, deciding rule]
  const table: [string, string, PermissionRequest, PermissionPolicy, string, string?][] = [
    [
      'an exact allow rule',
      'deploy',
      model,
      { allow: ['Skill(deploy)'] },
      'allow',
      'Skill(deploy)',
    ],
    [
      'an exact allow rule, not with arguments',
      'deploy',
      { by: 'model', args: 'prod' },
      { allow: ['Skill(deploy)'] },
      'ask',
    ],
    [
      'an exact allow rule, not another name',
      'deployer',
      model,
      { allow: ['Skill(deploy)'] },
      'ask',
    ],
    [
      'an exact deny rule, with arguments too',
      'deploy',
      { by: 'model', args: 'prod' },
      { deny: ['Skill(deploy)'] },
      'deny',
      'Skill(deploy)',
    ],
    ['a leading slash', 'deploy', model, { allow: ['Skill(/deploy)'] }, 'allow', 'Skill(/deploy)'],
    [
      'a leading slash on a prefix',
      'deploy',
      model,
      { deny: ['Skill(/deploy *)'] },
      'deny',
      'Skill(/deploy *)',
    ],
    [
      '`name *` with arguments',
      'deploy',
      { by: 'model', args: 'prod --fast' },
      { allow: ['Skill(deploy *)'] },
      'allow',
      'Skill(deploy *)',
    ],
    [
      '`name *` without arguments',
      'deploy',
      model,
      { allow: ['Skill(deploy *)'] },
      'allow',
      'Skill(deploy *)',
    ],
    [
      '`name *` over its namespace',
      'deploy:prod',
      model,
      { allow: ['Skill(deploy *)'] },
      'allow',
      'Skill(deploy *)',
    ],
    ['`name *` not over a longer name', 'deployer', model, { allow: ['Skill(deploy *)'] }, 'ask'],
    [
      'a prefix rule over its namespace',
      'review:pr',
      model,
      { allow: ['Skill(review:*)'] },
      'allow',
      'Skill(review:*)',
    ],
    [
      'a prefix rule over the bare name',
      'review',
      model,
      { allow: ['Skill(review:*)'] },
      'allow',
      'Skill(review:*)',
    ],
    ['a prefix rule not over `reviewer`', 'reviewer', model, { allow: ['Skill(review:*)'] }, 'ask'],
    ['bare `Skill` in deny', 'deploy', user, { deny: ['Skill'] }, 'deny', 'Skill'],
    [
      'deny before allow',
      'deploy',
      model,
      { allow: ['Skill(deploy)'], deny: ['Skill(deploy)'] },
      'deny',
      'Skill(deploy)',
    ],
    [
      'deny before a wider allow',
      'deploy',
      model,
      { allow: ['Skill'], deny: ['Skill(deploy *)'] },
      'deny',
      'Skill(deploy *)',
    ],
    [
      'deny before a recorded approval',
      'deploy',
      model,
      { deny: ['Skill(deploy)'], approvals: recordApproval(undefined, makeSkill(), 1) },
      'deny',
      'Skill(deploy)',
    ],
  ];
  for (const [name, id, request, policy, decision, rule] of table) {
    it(`${decision}s: ${name}`, () => {
      const d = decideSkillPermission(makeSkill({ id, name: id }), request, policy);
      assert.equal(d.decision, decision, d.reason);
      assert.equal(d.rule, rule);
    });
  }

  it('denies a nested skill by its plain name, but allows it only by its id', () => {
    const nested = makeSkill({ id: 'apps/web:deploy', name: 'deploy' });
    assert.equal(
      decideSkillPermission(nested, model, { deny: ['Skill(deploy)'] }).decision,
      'deny',
    );
    assert.equal(
      decideSkillPermission(nested, model, { allow: ['Skill(deploy)'] }).decision,
      'ask',
    );
    assert.equal(
      decideSkillPermission(nested, model, { allow: ['Skill(apps/web:deploy)'] }).decision,
      'allow',
    );
  });

  it('denies a skill by an alias', () => {
    const aliased = makeSkill({ raw: { name: 'deploy', aliases: ['ship', '/push'] } });
    for (const rule of ['Skill(ship)', 'Skill(push)']) {
      assert.equal(decideSkillPermission(aliased, model, { deny: [rule] }).rule, rule);
    }
    assert.equal(
      decideSkillPermission(aliased, model, { allow: ['Skill(ship)'] }).step,
      'safe-properties',
    );
  });

  it('says which rule decided and why', () => {
    assert.deepEqual(decideSkillPermission(makeSkill(), model, { deny: ['Skill(deploy *)'] }), {
      decision: 'deny',
      step: 'deny-rule',
      reason: 'denied by the rule `Skill(deploy *)`',
      rule: 'Skill(deploy *)',
    });
  });
});

describe('decideSkillPermission: malformed rules', () => {
  it('reports each rule that does not read, with its text, and skips it', () => {
    const d = decideSkillPermission(makeSkill(), model, {
      allow: ['Skill(deploy', 'Skill(deploy)'],
    });
    assert.equal(d.decision, 'allow');
    assert.deepEqual(
      d.problems?.map((p) => p.rule),
      ['Skill(deploy'],
    );
    assert.match(d.problems?.[0]?.message ?? '', /Unexpected end of `Skill\(deploy`/);
  });

  it('asks instead of allowing while a deny rule does not read', () => {
    for (const policy of [
      { deny: ['Skill(deploy'], allow: ['Skill(deploy)'] },
      { deny: ['Bash(deploy)'] },
    ]) {
      const d = decideSkillPermission(safeSkill(), model, policy);
      assert.equal(d.decision, 'ask');
      assert.match(d.reason, /cannot be read, so asking instead/);
      assert.equal(d.problems?.length, 1);
    }
  });

  it('still denies by a rule that reads next to one that does not', () => {
    const d = decideSkillPermission(makeSkill(), model, { deny: ['Skill(', 'Skill(deploy)'] });
    assert.equal(d.decision, 'deny');
    assert.equal(d.problems?.length, 1);
  });
});

describe('decideSkillPermission: overrides', () => {
  // [override, decision for a model call, decision for a user call]
  const table: [SkillOverride | undefined, string, string][] = [
    [undefined, 'allow', 'allow'],
    ['on', 'allow', 'allow'],
    ['name-only', 'allow', 'allow'],
    ['user-invocable-only', 'deny', 'allow'],
    ['off', 'deny', 'deny'],
  ];
  for (const [override, byModel, byUser] of table) {
    it(`${override ?? 'no override'}: ${byModel} for the model, ${byUser} for the user`, () => {
      const policy: PermissionPolicy = {
        allow: ['Skill'],
        ...(override ? { overrides: { deploy: override } } : {}),
      };
      assert.equal(decideSkillPermission(makeSkill(), model, policy).decision, byModel);
      assert.equal(decideSkillPermission(makeSkill(), user, policy).decision, byUser);
    });
  }

  it('decides by an override before any rule', () => {
    const d = decideSkillPermission(makeSkill(), model, {
      allow: ['Skill(deploy)'],
      overrides: { deploy: 'user-invocable-only' },
    });
    assert.equal(d.step, 'override');
    assert.match(d.reason, /user-invocable-only/);
  });

  it('takes the entry under the id before the one under the plain name', () => {
    const nested = { id: 'apps/web:deploy', name: 'deploy' };
    assert.equal(overrideFor(nested, { deploy: 'off', 'apps/web:deploy': 'on' }), 'on');
    assert.equal(overrideFor(nested, { deploy: 'off' }), 'off');
    assert.equal(overrideFor(nested, {}), 'on');
  });

  it('reads an unknown override as off, and reports it', () => {
    const overrides = { deploy: 'name_only' } as unknown as Record<string, SkillOverride>;
    assert.equal(overrideFor('deploy', overrides), 'off');
    assert.deepEqual(overrideProblems({ deploy: 'name_only', ok: 'on', hasOwnProperty: 1 }), [
      'Unexpected override "name_only" for `deploy`, expected `on`, `name-only`, `user-invocable-only`, `off`',
      'Unexpected override 1 for `hasOwnProperty`, expected `on`, `name-only`, `user-invocable-only`, `off`',
    ]);
  });

  it('gives the listing full, name-only or hidden', () => {
    const overrides: Record<string, SkillOverride> = {
      a: 'on',
      b: 'name-only',
      c: 'user-invocable-only',
      d: 'off',
    };
    assert.deepEqual(
      ['a', 'b', 'c', 'd', 'e', 'toString'].map((n) => listingVisibility(n, overrides)),
      ['full', 'name-only', 'hidden', 'hidden', 'full', 'full'],
    );
    assert.equal(listingVisibility({ id: 'p:b', name: 'b' }, overrides), 'name-only');
    assert.equal(listingVisibility('a', undefined), 'full');
  });
});

describe('decideSkillPermission: front matter invocation switches', () => {
  it('denies the model a skill with disable-model-invocation, not the user', () => {
    const s = safeSkill({ raw: { name: 'deploy', 'disable-model-invocation': true } });
    const d = decideSkillPermission(s, model, { allow: ['Skill'] });
    assert.deepEqual([d.decision, d.step], ['deny', 'frontmatter']);
    assert.equal(decideSkillPermission(s, user, {}).decision, 'allow');
    const quoted = safeSkill({ raw: { 'disable-model-invocation': 'yes' } });
    assert.equal(decideSkillPermission(quoted, model, {}).decision, 'deny');
  });

  it('denies the user a skill with user-invocable: false, not the model', () => {
    const s = safeSkill({ raw: { name: 'deploy', 'user-invocable': false } });
    assert.equal(decideSkillPermission(s, user, {}).decision, 'deny');
    assert.equal(decideSkillPermission(s, model, {}).decision, 'allow');
  });
});

describe('decideSkillPermission: safe properties', () => {
  // [front matter, decision, unsafe]
  const table: [Record<string, unknown>, string, string[]?][] = [
    [
      { name: 'x', description: 'd', when_to_use: 'w', 'argument-hint': '[pr]', model: 'opus' },
      'allow',
    ],
    [
      { effort: 'high', paths: ['src/**'], version: '1.0', aliases: ['y'], license: 'MIT' },
      'allow',
    ],
    [
      { metadata: { a: 'b' }, compatibility: 'node', arguments: ['pr'], 'user-invocable': true },
      'allow',
    ],
    [
      { tags: ['t'], triggers: { files: ['*.ts'] }, tier: 'critical', 'model-guidance': {} },
      'allow',
    ],
    [{ context: 'inline' }, 'allow'],
    [{ 'allowed-tools': [], hooks: null, shell: '' }, 'allow'],
    [{ name: 'x', 'allowed-tools': 'Bash(git *)' }, 'ask', ['allowed-tools']],
    [{ hooks: { PreToolUse: [] }, shell: 'bash' }, 'ask', ['hooks', 'shell']],
    [{ context: 'fork', agent: 'Explore' }, 'ask', ['context', 'agent']],
    // Keys skillset does not act on never reach an invocation: no approval needed for them.
    [{ name: 'x', 'favourite-colour': 'blue', 'salesforce-version': 'v61' }, 'allow'],
    [
      { whenToUse: 'camelCase is not a front matter key', dependencies: ['a'], cache: true },
      'allow',
    ],
    [{ 'x-custom': 1, 'allowed-tools': 'Read' }, 'ask', ['allowed-tools']],
    [{ extends: 'base', prerequisites: ['a'] }, 'ask', ['extends', 'prerequisites']],
  ];
  for (const [raw, decision, unsafe] of table) {
    it(`${decision}s ${JSON.stringify(raw)}`, () => {
      const d = decideSkillPermission(makeSkill({ raw }), model, {});
      assert.equal(d.decision, decision, d.reason);
      assert.deepEqual(d.unsafe, unsafe);
      assert.deepEqual(unsafeProperties(raw), unsafe ?? []);
    });
  }

  it('lists the unsafe properties in the reason of an ask', () => {
    const d = decideSkillPermission(makeSkill(), model, {});
    assert.deepEqual(d, {
      decision: 'ask',
      step: 'ask',
      reason: '`deploy` has properties that need approval: allowed-tools',
      unsafe: ['allowed-tools'],
    });
  });

  it('keeps the unsafe keys out of the allowlist', () => {
    for (const key of ['allowed-tools', 'hooks', 'shell', 'context', 'agent', 'extends']) {
      assert.equal(SAFE_SKILL_PROPERTIES.has(key), false, key);
    }
  });
});

describe('approvals', () => {
  it('allows a skill approved for its current content', () => {
    const approvals = recordApproval(undefined, makeSkill(), Date.UTC(2026, 0, 2));
    const d = decideSkillPermission(makeSkill(), model, { approvals });
    assert.deepEqual([d.decision, d.step], ['allow', 'approval']);
    assert.match(d.reason, /2026-01-02T00:00:00.000Z/);
  });

  it('states an approval time outside the date range as a number, without throwing', () => {
    const approvals = recordApproval(undefined, makeSkill(), 1e20);
    const d = decideSkillPermission(makeSkill(), model, { approvals });
    assert.equal(d.reason, 'approved for this content at 100000000000000000000');
  });

  it('asks again when the skill changed since its approval', () => {
    const approvals = recordApproval(undefined, makeSkill({ contentHash: 'hash-a' }), 1);
    const d = decideSkillPermission(makeSkill({ contentHash: 'hash-b' }), model, { approvals });
    assert.equal(d.decision, 'ask');
    assert.match(d.reason, /changed since it was approved/);
    assert.deepEqual(d.unsafe, ['allowed-tools']);
  });

  it('does not let an approval of one skill cover another', () => {
    const approvals = recordApproval(undefined, makeSkill({ id: 'other' }), 1);
    assert.equal(decideSkillPermission(makeSkill(), model, { approvals }).decision, 'ask');
  });

  it('records, replaces and revokes without changing the input', () => {
    const empty: ApprovalState = Object.freeze({ version: 1, approvals: Object.freeze({}) });
    const one = recordApproval(empty, makeSkill(), 1);
    const two = recordApproval(one, makeSkill({ contentHash: 'hash-b' }), 2);
    assert.deepEqual(empty, { version: 1, approvals: {} });
    assert.deepEqual(one.approvals, { deploy: { contentHash: 'hash-a', at: 1 } });
    assert.deepEqual(two.approvals, { deploy: { contentHash: 'hash-b', at: 2 } });
    assert.equal(approvalFor(two, makeSkill()), undefined);
    assert.deepEqual(approvalFor(two, makeSkill({ contentHash: 'hash-b' })), {
      contentHash: 'hash-b',
      at: 2,
    });
    assert.deepEqual(revokeApproval(two, 'deploy'), { version: 1, approvals: {} });
    assert.deepEqual(two.approvals, { deploy: { contentHash: 'hash-b', at: 2 } });
  });

  it('round-trips through JSON and drops entries that are not approvals', () => {
    const state = recordApproval(undefined, makeSkill(), 5);
    assert.deepEqual(parseApprovalState(JSON.parse(JSON.stringify(state))), state);
    assert.deepEqual(
      parseApprovalState({
        version: 1,
        approvals: { a: { contentHash: 'h', at: 1 }, b: { contentHash: 2, at: 1 }, c: 'x' },
      }),
      { version: 1, approvals: { a: { contentHash: 'h', at: 1 } } },
    );
    for (const junk of [null, 'x', { version: 2, approvals: {} }, { version: 1 }]) {
      assert.deepEqual(parseApprovalState(junk), { version: 1, approvals: {} });
    }
  });
});

describe('decideSkillPermission: purity', () => {
  it('does not change its inputs and answers the same twice', () => {
    const skill = makeSkill();
    const policy: PermissionPolicy = {
      allow: ['Skill(deploy *)'],
      deny: ['Skill(x'],
      overrides: { other: 'off' },
      approvals: recordApproval(undefined, skill, 1),
    };
    const before = structuredClone({ skill, policy });
    const first = decideSkillPermission(skill, model, policy);
    assert.deepEqual({ skill, policy }, before);
    assert.deepEqual(decideSkillPermission(skill, model, policy), first);
  });
});

describe('decideSkillPermission: properties', () => {
  const name = fc.constantFrom('deploy', 'deploy:prod', 'review', 'review:pr', 'reviewer', 'ship');
  const ruleText = fc.oneof(
    fc.constant('Skill'),
    fc.constant('Skill(*)'),
    name.map((n) => `Skill(${n})`),
    name.map((n) => `Skill(/${n} *)`),
    name.map((n) => `Skill(${n}:*)`),
    fc.constantFrom('Skill(', 'Skill()', 'Skill(a b)', 'Bash(ls)'),
  );
  const subject = fc.record({
    id: name,
    name,
    contentHash: fc.constantFrom('hash-a', 'hash-b'),
    raw: fc.constantFrom<Record<string, unknown>>(
      {},
      { name: 'x', aliases: ['ship'] },
      { 'allowed-tools': 'Read', 'disable-model-invocation': true },
    ),
  });
  const request = fc.record(
    { by: fc.constantFrom<'model' | 'user'>('model', 'user'), args: fc.string() },
    { requiredKeys: ['by'] },
  );
  const policy = fc.record(
    {
      allow: fc.array(ruleText, { maxLength: 4 }),
      deny: fc.array(ruleText, { maxLength: 4 }),
      overrides: fc.dictionary(
        name,
        fc.constantFrom<SkillOverride>('on', 'name-only', 'user-invocable-only', 'off'),
      ),
    },
    { requiredKeys: [] },
  );

  it('denies whenever a deny rule covers the skill, whatever the allow rules say', () => {
    fc.assert(
      fc.property(subject, request, policy, fc.array(ruleText), (s, r, p, extraAllow) => {
        const base = decideSkillPermission(s, r, p);
        const wider = decideSkillPermission(s, r, {
          ...p,
          allow: [...(p.allow ?? []), ...extraAllow],
        });
        if (base.decision === 'deny') assert.equal(wider.decision, 'deny');
        // The same rules in both lists: nothing is allowed by a rule.
        const both = decideSkillPermission(s, r, {
          ...p,
          deny: [...(p.deny ?? []), ...(p.allow ?? [])],
        });
        assert.notEqual(both.step, 'allow-rule');
      }),
    );
  });

  it('keeps a deny when allow-all, more allow rules and an approval are added', () => {
    fc.assert(
      fc.property(subject, request, policy, fc.array(ruleText), (s, r, p, extraAllow) => {
        const denyOnly = decideSkillPermission(s, r, { deny: p.deny ?? [] });
        fc.pre(denyOnly.decision === 'deny');
        const d = decideSkillPermission(s, r, {
          ...p,
          allow: ['Skill', ...(p.allow ?? []), ...extraAllow],
          approvals: recordApproval(undefined, s, 0),
        });
        assert.equal(d.decision, 'deny', d.reason);
      }),
    );
  });
});
