// Routing clauses in descriptions: `Triggers: 'a', 'b'` and `NOT for X (use Y)` / `NOT for X — use Y`.

/** A `NOT for` clause: what the skill is not for, and the skill to use instead (when named). */
export interface NotFor {
  topic: string;
  use?: string;
}

/** The routing clauses of a description, and the description without them. */
export interface Clauses {
  triggers: string[];
  notFor: NotFor[];
  /** The description with its `NOT for` clauses removed (their words should not attract queries). */
  lead: string;
}

const NOT_FOR =
  /\bNOT for\b\s*([^.;]*?)(?:\s*(?:\(\s*(?:use|see)\s+([\w/:.-]+)\s*\)|[—–-]+\s*(?:use|see)\s+([\w/:.-]+)))?\s*(?:[.;]|,(?=\s*NOT for)|$)/g;
const TRIGGERS = /\b(?:Triggers?|Trigger keywords?)\s*:\s*([^\n]*?)(?:\.\s+(?=[A-Z])|\n|$)/gi;

/** Pull the routing clauses out of a description. */
export function parseClauses(description: string): Clauses {
  const notFor: NotFor[] = [];
  let lead = description;
  for (const m of description.matchAll(NOT_FOR)) {
    const topic = (m[1] ?? '').trim();
    // `see apex/some-skill` names a skill by its library path: the skill is the last part.
    const use = (m[2] ?? m[3])
      ?.replace(/[.,;)]+$/, '')
      .split('/')
      .pop();
    if (topic) notFor.push(use ? { topic, use } : { topic });
    lead = lead.replace(m[0], ' ');
  }
  const triggers: string[] = [];
  for (const m of description.matchAll(TRIGGERS)) {
    for (const part of (m[1] ?? '').split(/,\s*/)) {
      const t = part.replace(/^['"‘“\s]+|['"’”\s.]+$/g, '');
      if (t) triggers.push(t);
    }
  }
  return { triggers, notFor, lead: lead.replace(/\s+/g, ' ').trim() };
}
