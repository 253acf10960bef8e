import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  anthropicTool,
  LOAD_TOOL_NAME,
  loadSkillTool,
  MAX_ENUM_CHARS,
  openAiTool,
} from './load-tool.js';

describe('loadSkillTool', () => {
  it('takes a name from an enum of the valid names, sorted and once each', () => {
    const t = loadSkillTool(['review', 'deploy', 'review']);
    assert.equal(t?.name, LOAD_TOOL_NAME);
    assert.deepEqual(t?.inputSchema, {
      type: 'object',
      properties: {
        name: { type: 'string', enum: ['deploy', 'review'], description: 'The skill to load.' },
      },
      required: ['name'],
      additionalProperties: false,
    });
  });

  it('takes any string once the enum would pass MAX_ENUM_CHARS, as MCP load_skill does', () => {
    const names = Array.from({ length: 400 }, (_, i) => `skill-number-${i}`);
    const t = loadSkillTool(names);
    assert.equal(t?.inputSchema.properties.name.enum, undefined);
    assert.ok(JSON.stringify(t).length < MAX_ENUM_CHARS);
    const few = loadSkillTool(names.slice(0, 20));
    assert.equal(few?.inputSchema.properties.name.enum?.length, 20);
  });

  it('is null with no skills: no tool with no valid options', () => {
    assert.equal(loadSkillTool([]), null);
  });

  it('comes in the Messages API and OpenAI function shapes', () => {
    const t = loadSkillTool(['a'], { description: 'Load one.' });
    assert.ok(t);
    assert.deepEqual(Object.keys(anthropicTool(t)), ['name', 'description', 'input_schema']);
    assert.equal(anthropicTool(t).input_schema, t.inputSchema);
    const o = openAiTool(t);
    assert.equal(o.type, 'function');
    assert.equal(o.function.name, 'load_skill');
    assert.equal(o.function.description, 'Load one.');
    assert.equal(o.function.parameters, t.inputSchema);
    assert.equal(o.function.strict, true);
  });
});
