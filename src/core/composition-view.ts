// A skill's composition as a small graph, for the web page: the parents it extends (their chain),
// the skills it requires or depends on, the files it imports, and the skills that extend or require
// it. Names are
// resolved in the catalog as composition resolves them (by id, else by name); one not found is a
// node of its own, marked missing.

import type { Catalog } from '../catalog/catalog.js';
import { MAX_EXTENDS_DEPTH } from '../compose/extends.js';
import { importLines } from '../compose/import-lines.js';
import type { Skill } from '../skill/types.js';

/** A node: a skill (found or missing) or an imported file. */
export interface CompositionNode {
  id: string;
  label: string;
  kind: 'self' | 'skill' | 'missing' | 'file';
}

/** An edge, from the skill that composes to what it takes in. */
export interface CompositionEdge {
  from: string;
  to: string;
  label: 'extends' | 'requires' | 'depends' | 'imports';
}

/** What a skill is made of, and what is made of it. */
export interface CompositionGraph {
  nodes: CompositionNode[];
  edges: CompositionEdge[];
  /** Edges left out past the bound. */
  more?: number;
}

const find = (c: Catalog, name: string): Skill | undefined =>
  c.skills.find((s) => s.id === name) ?? c.skills.find((s) => s.name === name);

/** The composition of `skill` (its body given, for its imports) in `c`. */
export function compositionOf(c: Catalog, skill: Skill, body: string): CompositionGraph {
  const nodes = new Map<string, CompositionNode>([
    [skill.id, { id: skill.id, label: skill.id, kind: 'self' }],
  ]);
  const edges: CompositionEdge[] = [];
  const skillNode = (name: string): string => {
    const s = find(c, name);
    const id = s ? s.id : `missing:${name}`;
    if (!nodes.has(id))
      nodes.set(id, { id, label: s ? s.id : name, kind: s ? 'skill' : 'missing' });
    return id;
  };
  // The chain of parents, as far as composition follows it.
  let at: Skill | undefined = skill;
  for (let depth = 0; at?.frontmatter.extends && depth < MAX_EXTENDS_DEPTH; depth++) {
    const parent = skillNode(at.frontmatter.extends);
    if (edges.some((e) => e.from === at?.id && e.to === parent)) break;
    edges.push({ from: at.id, to: parent, label: 'extends' });
    at = find(c, at.frontmatter.extends);
    if (at?.id === skill.id) break;
  }
  for (const p of skill.frontmatter.prerequisites ?? [])
    edges.push({ from: skill.id, to: skillNode(p), label: 'requires' });
  // `dependencies` (a library field) names skills it works with; composition does not load them.
  for (const p of skill.frontmatter.dependencies ?? [])
    edges.push({ from: skill.id, to: skillNode(p), label: 'depends' });
  for (const line of importLines(body)) {
    const id = `file:${line.spec}`;
    if (!nodes.has(id)) nodes.set(id, { id, label: line.spec, kind: 'file' });
    edges.push({ from: skill.id, to: id, label: 'imports' });
  }
  // Who builds on it.
  for (const s of c.skills) {
    if (s.id === skill.id) continue;
    const parent = s.frontmatter.extends ? find(c, s.frontmatter.extends) : undefined;
    const needs = (s.frontmatter.prerequisites ?? []).some((p) => find(c, p)?.id === skill.id);
    if (parent?.id !== skill.id && !needs) continue;
    if (!nodes.has(s.id)) nodes.set(s.id, { id: s.id, label: s.id, kind: 'skill' });
    edges.push({
      from: s.id,
      to: skill.id,
      label: parent?.id === skill.id ? 'extends' : 'requires',
    });
  }
  // Once each, and at most MAX_EDGES: a skill's front matter must not make the page unbounded.
  const seen = new Set<string>();
  const unique = edges.filter((e) => {
    const k = `${e.from}\0${e.to}\0${e.label}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  const kept = unique.slice(0, MAX_EDGES);
  const used = new Set(kept.flatMap((e) => [e.from, e.to]));
  used.add(skill.id);
  return {
    nodes: [...nodes.values()].filter((n) => used.has(n.id)),
    edges: kept,
    ...(unique.length > kept.length ? { more: unique.length - kept.length } : {}),
  };
}

/** Edges drawn at most. */
const MAX_EDGES = 150;
