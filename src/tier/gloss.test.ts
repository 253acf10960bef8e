import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { buildGloss, clipWords, GLOSS_BUDGET } from './gloss.js';
import { cpLength } from './text.js';

interface Example {
  name: string;
  description: string;
  budget?: number;
  gloss: string;
}

// Worked examples. Those named after a path are the real descriptions of the salesforce-skills
// corpus (/work/shared/corpora/salesforce-skills/skills/<path>/SKILL.md).
const examples: Example[] = [
  {
    name: 'apex/recursive-trigger-prevention: triggers and the redirect take the budget, the lead is left out',
    description:
      "Use when debugging or preventing recursive Apex trigger behavior, especially around self-DML, static guard flaws, Set<Id>-based deduplication, and legitimate re-entry scenarios. Triggers: 'trigger recursion', 'static boolean guard', 'recursive update', 'self DML', 'trigger firing multiple times'. NOT for general trigger-framework structure unless recursion is the actual design problem.",
    gloss:
      "Triggers: 'trigger recursion', 'static boolean guard', 'recursive update', 'self DML', 'trigger firing multiple times'. NOT for general trigger-framework structure unless recursion is the actual design problem.",
  },
  {
    name: "admin/sharing-and-visibility: the apostrophe in 'why can't user see record' does not end the phrase",
    description:
      "Use when designing, auditing, or troubleshooting Salesforce record access. Triggers: 'OWD', 'role hierarchy', 'sharing rule', 'manual sharing', 'why can't user see record', 'why can user see too much'. NOT for object or field permissions - use permission and FLS skills for that.",
    gloss:
      "Triggers: 'OWD', 'role hierarchy', 'sharing rule', 'manual sharing', 'why can't user see record', 'why can user see too much'. NOT for object or field permissions - use permission and FLS skills for that.",
  },
  {
    name: 'agentforce/agentforce-tool-use-patterns: no triggers, so both redirects are paid and the lead is cut at a word',
    description:
      'Pick the right tool shape for each agent action: Apex invocable vs Flow action vs External Service vs Prompt Template vs Data Cloud retrieval. Covers action selection by use case, argument design for LLM clarity, return-shape contracts, error-surfacing, cost implications, and when to chain tools vs keep a single action. NOT for authoring a specific action (use custom-agent-actions-apex). NOT for topic design (use agent-topic-design).',
    gloss:
      'Pick the right tool shape for each agent action: Apex invocable vs Flow action vs External Service vs …. NOT for authoring a specific action (use custom-agent-actions-apex). NOT for topic design (use agent-topic-design).',
  },
  {
    name: 'agentforce/agentforce-observability: whole triggers kept, the clipped redirect keeps its own `use` target',
    description:
      "Use when monitoring Agentforce agent sessions, analyzing conversation logs, measuring deflection rates, or diagnosing agent performance issues. Triggers: 'agentforce session analytics', 'how to query agent conversation data', 'monitor agentforce agent effectiveness', 'agent deflection rate', 'utterance analysis agentforce'. NOT for Einstein Trust Layer audit logging (use einstein-trust-layer), NOT for agent topic design or guardrails (use agent-topic-design or agentforce-guardrails), NOT for LLM prompt debugging (this skill covers session metrics and conversation trace, not prompt engineering).",
    gloss:
      "Triggers: 'agentforce session analytics', 'how to query agent conversation data', 'monitor agentforce agent effectiveness', 'agent deflection rate', …. NOT for Einstein Trust Layer audit … use einstein-trust-layer",
  },
  {
    name: 'admin/cpq-pricing-rules: the target re-attached is the one of the subject that was cut, not the last',
    description:
      'Use this skill when configuring or troubleshooting Salesforce CPQ pricing: Price Rules, Price Conditions, Price Actions, Lookup Queries, Discount Schedules, Block Pricing, Percent of Total, and Contracted Prices. Trigger keywords: CPQ price rule, price action, discount schedule, block pricing, percent of total, contracted price, SBQQ__PriceRule__c, CPQ quote calculation engine, price waterfall. NOT for standard Salesforce pricebook pricing (use the products-and-pricebooks skill), CPQ product bundle configuration (use cpq-product-catalog-setup), or quote template/document setup.',
    gloss:
      'Triggers: CPQ price rule, price action, discount schedule, block pricing, percent of total, contracted price, SBQQ__PriceRule__c, …. NOT for standard Salesforce pricebook pricing … use the products-and-pricebooks',
  },
  {
    name: "apex/apex-collections-patterns: a comma inside a quoted trigger ('Map<Id, SObject>') does not split it",
    description:
      "Use when designing, reviewing, or debugging Apex code that relies on List, Set, or Map collections in triggers, batch classes, or service layers — especially for bulkification, heap management, and safe null handling. Trigger keywords: 'Map<Id, SObject>', 'containsKey', 'retainAll', 'putAll', 'Set intersection', 'heap limit', 'collection in loop', 'unbounded accumulation'. NOT for SOQL query optimization (use soql-fundamentals), NOT for async job design (use apex-queueable-patterns or batch-apex-patterns), NOT for platform cache strategies (use platform-cache).",
    gloss:
      "Triggers: 'Map<Id, SObject>', 'containsKey', 'retainAll', 'putAll', 'Set intersection', 'heap limit', 'collection in loop', 'unbounded accumulation'. NOT for SOQL query optimization (use soql-fundamentals)",
  },
  {
    name: 'apex/apex-batch-chaining: `Use this skill when` is dropped; a decision-tree redirect is a target',
    description:
      'Use this skill when you need to run one Batch Apex job immediately after another completes — chaining via finish(), managing Flex Queue capacity, or choosing between batch-to-batch chaining and a Queueable bridge. NOT for async job technology selection — use the async-selection decision tree. NOT for single-job batch patterns, scope sizing, or Database.Stateful design — use batch-apex-patterns.',
    gloss:
      'you need to run one Batch Apex job immediately after another completes — chaining via finish(), managing Flex Queue capacity, or choosing …. NOT for async job technology selection — use the async-selection decision tree.',
  },
  {
    name: 'agentforce/agentforce-pii-redaction: prose after the trigger clause is lead, not a trigger',
    description:
      'Redact PII before it reaches Agentforce prompts, models, and logs. Trigger keywords: agentforce pii, pii redaction, data masking llm, einstein trust layer, prompt pii filter, audit pii leakage. Does NOT cover: Shield Platform Encryption at-rest (separate skill), GDPR data subject requests, or classic field-level security policy.',
    gloss:
      'Redact PII before it reaches Agentforce prompts, models, and logs. Does NOT cover: Shield Platform …. Triggers: agentforce pii, pii redaction, data masking llm, einstein trust layer, prompt pii filter, audit pii leakage.',
  },
  {
    name: 'lwc/lwc-quick-actions: `— and NOT for` starts a clause; the first one is kept whole',
    description:
      "Use when building a Lightning Web Component that runs from a record page quick-action button — either a screen action that renders UI in a modal or a headless action that invokes logic with no UI. Triggers: 'lwc quick action on record page', 'headless quick action no ui', 'closeactionscreenevent not working', 'how to pass recordid into quick action lwc', 'quick action vs flow action', 'quick action modal size'. NOT for Flow screen components — use `lwc-in-flow-screens` — and NOT for global actions without a record context or for list-view bulk actions that do not receive a single `recordId`.",
    gloss:
      "building a Lightning Web Component that …. Triggers: 'lwc quick action on record page', 'headless quick action no ui', 'closeactionscreenevent not working', …. NOT for Flow screen components — use `lwc-in-flow-screens`",
  },
  {
    name: 'prints lead, then triggers, then redirect, when everything fits',
    description:
      'Deploy the app. Triggers: deploy, ship it; release. NOT for local builds — use build-local.',
    gloss:
      'Deploy the app. Triggers: deploy, ship it; release. NOT for local builds — use build-local.',
  },
  {
    name: 'a description with no triggers and no redirect is its lead, boilerplate dropped',
    description: 'Use when deploying the web app to staging.',
    gloss: 'deploying the web app to staging.',
  },
  {
    name: 'a trigger list is clipped by whole phrases, with the separator it uses',
    description: 'Triggers: alpha; beta; gamma; delta; epsilon; zeta; eta; theta; iota; kappa',
    budget: 60,
    gloss: 'Triggers: alpha; beta; gamma; delta; epsilon; zeta; eta; ….',
  },
  {
    name: 'a redirect too long for its cap keeps `use <target>`',
    description: `Plan a release. NOT for ${'very '.repeat(40)}long topics (use release-notes).`,
    gloss:
      'Plan a release. NOT for very very very very very very very very very very very very very very very very very very very very very very … use release-notes',
  },
  {
    name: 'a trigger clause after the redirect is still the trigger clause',
    description:
      'NOT for Aura components. Trigger keywords: build LWC for Experience Cloud, guest user LWC, community context.',
    gloss:
      'Triggers: build LWC for Experience Cloud, guest user LWC, community context. NOT for Aura components.',
  },
  {
    name: 'comma-joined redirects print as sentences, `see` targets included',
    description:
      'Write tests. NOT for mocks (see testing/mock-patterns), NOT for e2e — use e2e-runner.',
    gloss: 'Write tests. NOT for mocks (see testing/mock-patterns). NOT for e2e — use e2e-runner.',
  },
  {
    name: 'an over-long single word is never cut: it is dropped',
    description: 'x'.repeat(300),
    gloss: '',
  },
  {
    name: 'an over-long word after a short one leaves the short one, marked',
    description: `Deploy ${'x'.repeat(300)}`,
    gloss: 'Deploy ….',
  },
  {
    name: 'unicode counts in code points: an emoji is one character, and the lead cap is 150',
    description: `Use when brewing café crème — ${'naïve “smart” ☕ coffee 😀 pairing, '.repeat(8)}done.`,
    gloss:
      'brewing café crème — naïve “smart” ☕ coffee 😀 pairing, naïve “smart” ☕ coffee 😀 pairing, naïve “smart” ☕ coffee 😀 pairing, naïve “smart” ☕ coffee 😀 ….',
  },
  {
    name: 'an empty description has an empty gloss',
    description: '',
    gloss: '',
  },
];

describe('buildGloss', () => {
  for (const ex of examples) {
    it(ex.name, () => {
      const gloss = buildGloss(ex.description, ex.budget);
      assert.equal(gloss, ex.gloss);
      assert.ok(cpLength(gloss) <= (ex.budget ?? GLOSS_BUDGET), `${cpLength(gloss)} characters`);
    });
  }

  it('never exceeds its budget, whatever the text', () => {
    const word = fc.constantFrom(
      'deploy',
      'Triggers:',
      'NOT',
      'for',
      'use',
      'a/b',
      "'quoted",
      "phrase'",
      '—',
      '(use x-y)',
      '.',
      ',',
      ';',
      'café',
      '😀',
      'x'.repeat(90),
    );
    const text = fc.array(word, { maxLength: 80 }).map((w) => w.join(' '));
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 300 }), (d, budget) => {
        assert.ok(cpLength(buildGloss(d, budget)) <= budget);
      }),
    );
    fc.assert(
      fc.property(fc.string(), (d) => {
        assert.ok(cpLength(buildGloss(d)) <= GLOSS_BUDGET);
      }),
    );
  });
});

describe('clipWords', () => {
  it('keeps a word that ends exactly at the cut', () => {
    assert.equal(clipWords('alpha beta gamma delta', 12), 'alpha beta …');
    assert.equal(clipWords('alpha beta gamma delta', 13), 'alpha beta …');
    assert.equal(clipWords('alpha beta gamma delta', 23), 'alpha beta gamma delta');
  });

  it('gives nothing under 12 characters, or when the first word alone is too long', () => {
    assert.equal(clipWords('alpha beta gamma delta', 11), '');
    assert.equal(clipWords('supercalifragilistic word', 15), '');
  });
});
