// Which names a listing keeps when it cannot keep them all and nothing else (relevance to the turn,
// usage) decides: a spread across the library's domains, round-robin so that every domain is named
// before any is named twice, then toward the domains the turn (or usage) points to, then in
// proportion to the domains' sizes; within a domain, its most representative skills first (the most
// mentioned by other skills, then the most central name).

/** What the spread reads of an entry. */
export interface Spreadable {
  index: number;
  /** The name as given (a `plugin:name` id's bare name is what other skills mention). */
  key: string;
  /** Its domain, '' when it has none. */
  domain: string;
  /** Description and when_to_use. */
  text: string;
  /** What chose it ahead of the spread (its relevance score, or its uses): its domain's weight. */
  weight?: number;
}

/** Names of two parts or more, as other skills mention them: `use admin/duplicate-management` → duplicate-management. */
const MENTION = /[\p{L}\p{N}]+(?:[-_][\p{L}\p{N}]+)+/gu;
/** The same for names in ASCII, several times faster over a thousand descriptions. */
const ASCII_MENTION = /[a-z0-9]+(?:[-_][a-z0-9]+)+/g;

/** The name other skills mention: after the last `:` or `/`, lower case. */
const bareName = (key: string): string => (key.split(/[:/]/u).pop() ?? key).toLowerCase();

/** The parts of a name: `apex-trigger-framework` → apex, trigger, framework. */
const nameParts = (key: string): string[] => [
  ...new Set(
    bareName(key)
      .split(/[^\p{L}\p{N}]+/u)
      .filter((p) => p !== ''),
  ),
];

const isAscii = (s: string): boolean => {
  for (let k = 0; k < s.length; k++) if (s.charCodeAt(k) > 0x7f) return false;
  return true;
};

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Each item's representativeness, as a position (0 is the most representative) over all `items`:
 * the number of other skills whose text names it (a name of one word is not counted: it is as likely
 * a plain word), then the mean share of its domain's skills whose name shares each part of its name,
 * then the shorter name (a `plugin:` prefix aside), then the name, then the position.
 */
export function representativeOrder(items: readonly Spreadable[]): Map<number, number> {
  const mentions = new Map<string, number>();
  const ascii = items.every((i) => isAscii(bareName(i.key)));
  for (const i of items) {
    const own = bareName(i.key);
    for (const t of new Set(i.text.toLowerCase().match(ascii ? ASCII_MENTION : MENTION) ?? []))
      if (t !== own) mentions.set(t, (mentions.get(t) ?? 0) + 1);
  }
  const partCounts = new Map<string, Map<string, number>>();
  const sizes = new Map<string, number>();
  for (const i of items) {
    sizes.set(i.domain, (sizes.get(i.domain) ?? 0) + 1);
    const counts = partCounts.get(i.domain) ?? new Map<string, number>();
    partCounts.set(i.domain, counts);
    for (const p of nameParts(i.key)) counts.set(p, (counts.get(p) ?? 0) + 1);
  }
  const keyed = items.map((i) => {
    const bare = bareName(i.key);
    const parts = nameParts(i.key);
    const counts = partCounts.get(i.domain) as Map<string, number>;
    const size = sizes.get(i.domain) as number;
    const central =
      parts.length === 0
        ? 0
        : parts.reduce((n, p) => n + (counts.get(p) ?? 0), 0) / (parts.length * size);
    return { i, bare, mentioned: /[-_]/u.test(bare) ? (mentions.get(bare) ?? 0) : 0, central };
  });
  keyed.sort(
    (a, b) =>
      b.mentioned - a.mentioned ||
      b.central - a.central ||
      a.bare.length - b.bare.length ||
      byCodeUnits(a.i.key, b.i.key) ||
      a.i.index - b.i.index,
  );
  return new Map(keyed.map((k, n) => [k.i.index, n]));
}

/**
 * The order in which `items` join a listing after the `head` (the items something else already
 * chose): round-robin over domains. First each domain the spread has not named yet (the heaviest,
 * then the largest first; the head's entries are listed on their own and do not name it); then the domains the head's weights point to (relevance to the turn, or usage), in
 * proportion to their weight; then the others in proportion to their size (Sainte-Laguë: weight ÷
 * (2 × listed + 1)). Within a domain, the most representative first, copies of a name already
 * taken (translations, other plugins' copies) after every name not yet taken. Returns each item's position
 * (head items: their representativeness), so one comparator can rank them all.
 */
export function spreadOrder(
  items: readonly Spreadable[],
  head: (i: Spreadable) => boolean,
): Map<number, number> {
  const rep = representativeOrder(items);
  const queues = new Map<string, Spreadable[]>();
  const domains = new Map<string, Domain>();
  for (const i of items) {
    const d = domains.get(i.domain) ?? { name: i.domain, size: 0, weight: 0, listed: 0, spread: 0 };
    domains.set(i.domain, d);
    d.size++;
    const w = i.weight ?? 0;
    if (w > 0 && Number.isFinite(w)) d.weight += w;
    if (!queues.has(i.domain)) queues.set(i.domain, []);
    if (head(i)) d.listed++;
    else (queues.get(i.domain) as Spreadable[]).push(i);
  }
  // A copy of a name already taken (a translation, another plugin's copy) waits behind every name
  // not yet seen: the nth copy of a name, in representative order, comes in the nth pass.
  const copy = new Map<number, number>();
  const seen = new Map<string, number>();
  for (const i of [...items].sort(
    (a, b) => (rep.get(a.index) as number) - (rep.get(b.index) as number),
  )) {
    const bare = bareName(i.key);
    copy.set(i.index, seen.get(bare) ?? 0);
    seen.set(bare, (seen.get(bare) ?? 0) + 1);
  }
  const order = (a: Spreadable, b: Spreadable): number =>
    (copy.get(a.index) as number) - (copy.get(b.index) as number) ||
    (rep.get(a.index) as number) - (rep.get(b.index) as number);
  for (const q of queues.values()) q.sort(order);
  const out = new Map<number, number>();
  for (const i of items) if (head(i)) out.set(i.index, rep.get(i.index) as number);
  const next = new Map([...queues.keys()].map((d) => [d, 0]));
  const open = [...domains.values()].filter((d) => (queues.get(d.name) as Spreadable[]).length > 0);
  let position = 0;
  while (open.length > 0) {
    let best = 0;
    for (let k = 1; k < open.length; k++)
      if (before(open[k] as Domain, open[best] as Domain)) best = k;
    const d = open[best] as Domain;
    const queue = queues.get(d.name) as Spreadable[];
    const at = next.get(d.name) as number;
    out.set((queue[at] as Spreadable).index, position++);
    next.set(d.name, at + 1);
    d.listed++;
    d.spread++;
    if (at + 1 >= queue.length) open.splice(best, 1);
  }
  return out;
}

interface Domain {
  name: string;
  size: number;
  /** The summed weights of its items. */
  weight: number;
  /** Its items taken so far, by the head or the spread. */
  listed: number;
  /** Those taken by the spread: a domain is named (its group printed) once the spread takes one. */
  spread: number;
}

/** `x ÷ (2 × listed + 1)` of `a` against `b`'s, without division: > 0 when `a`'s is larger. */
const quotient = (xa: number, la: number, xb: number, lb: number): number =>
  xa * (2 * lb + 1) - xb * (2 * la + 1);

/** Does domain `a` take the next place before `b`? Unnamed first, then by weight, then by size, then name. */
function before(a: Domain, b: Domain): boolean {
  // The head's entries are listed on their own (pinned, described): they do not name a domain.
  if ((a.spread === 0) !== (b.spread === 0)) return a.spread === 0;
  if (a.spread === 0) {
    if (a.weight !== b.weight) return a.weight > b.weight;
  } else {
    if (a.weight > 0 || b.weight > 0) {
      const q = quotient(a.weight, a.listed, b.weight, b.listed);
      if (q !== 0) return q > 0;
    }
    const q = quotient(a.size, a.listed, b.size, b.listed);
    if (q !== 0) return q > 0;
  }
  if (a.size !== b.size) return a.size > b.size;
  return a.name < b.name;
}
