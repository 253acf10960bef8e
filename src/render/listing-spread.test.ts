import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { representativeOrder, type Spreadable, spreadOrder } from './listing-spread.js';

const s = (key: string, domain: string, text = '', weight = 0): Spreadable => ({
  index: 0,
  key,
  domain,
  text,
  weight,
});
const indexed = (list: Spreadable[]): Spreadable[] => list.map((x, index) => ({ ...x, index }));
/** The keys in the order a position map gives them. */
const inOrder = (list: readonly Spreadable[], at: ReadonlyMap<number, number>): string[] =>
  [...list]
    .sort((a, b) => (at.get(a.index) as number) - (at.get(b.index) as number))
    .map((x) => x.key);

describe('representativeOrder', () => {
  it('puts first the skills other skills name, then the names made of the domain’s common words', () => {
    const list = indexed([
      s('apex-aggregate-queries', 'apex', 'Sums. NOT for tests (use apex-testing).'),
      s('trigger-recursion', 'apex', 'Guards. NOT for structure — use apex/trigger-framework.'),
      s('apex-testing', 'apex', 'Tests. See apex-testing for more.'),
      s('trigger-framework', 'apex', 'Structure. Pairs with apex-testing.'),
      s('apex-trigger-handlers', 'apex'),
    ]);
    // apex-testing is named by two others (its own text does not count), trigger-framework by one.
    // Of the rest, the mean share of the domain's names with each word: apex-trigger-handlers
    // (3 + 3 + 1) / 15, trigger-recursion (3 + 1) / 10, apex-aggregate-queries (3 + 1 + 1) / 15.
    assert.deepEqual(inOrder(list, representativeOrder(list)), [
      'apex-testing',
      'trigger-framework',
      'apex-trigger-handlers',
      'trigger-recursion',
      'apex-aggregate-queries',
    ]);
  });

  it('does not count a one-word name as mentioned: it is as likely a plain word', () => {
    // `flow` is in a-b's text, as is zz-top; only zz-top counts. The rest tie: the shorter name first.
    const list = indexed([s('zz-top', 'd'), s('flow', 'd', ''), s('a-b', 'd', 'flow zz-top')]);
    assert.deepEqual(inOrder(list, representativeOrder(list)), ['zz-top', 'a-b', 'flow']);
  });

  it('counts mentions of names outside ASCII too, and of a plugin’s skill by its bare name', () => {
    const list = indexed([
      s('b-b', 'd', 'Voir café-crème et tools:lint-fix.'),
      s('café-crème', 'd'),
      s('tools:lint-fix', 'd'),
    ]);
    assert.deepEqual(inOrder(list, representativeOrder(list)).slice(0, 2).sort(), [
      'café-crème',
      'tools:lint-fix',
    ]);
  });
});

describe('spreadOrder', () => {
  it('names every domain once, the largest first, then fills them in proportion to their size', () => {
    const list = indexed([
      ...['a1', 'a2', 'a3', 'a4', 'a5', 'a6'].map((k) => s(k, 'big')),
      ...['b1', 'b2'].map((k) => s(k, 'small')),
      s('c1', 'tiny'),
    ]);
    // Round one: big, small, tiny. Then Sainte-Laguë, size ÷ (2 × listed + 1): big 6/3, 6/5, 6/7
    // against small's 2/3; big's 6/9 ties it and the larger wins; big's 6/11 then loses to it.
    assert.deepEqual(
      inOrder(
        list,
        spreadOrder(list, () => false),
      ),
      ['a1', 'b1', 'c1', 'a2', 'a3', 'a4', 'a5', 'b2', 'a6'],
    );
  });

  it('counts what the head already took, and leans toward the domains the head’s weights point to', () => {
    const list = indexed([
      s('a1', 'apex', '', 90),
      ...['a2', 'a3', 'a4'].map((k) => s(k, 'apex')),
      ...['f1', 'f2', 'f3', 'f4', 'f5', 'f6'].map((k) => s(k, 'flow')),
      s('d1', 'data'),
    ]);
    const head = (x: Spreadable) => x.key === 'a1';
    const at = spreadOrder(list, head);
    // The head is listed on its own and names no domain: each domain gets one name first, the
    // heaviest (apex, by a1's 90) first, then the largest. Then apex, which the weight points to,
    // fills before the larger flow.
    assert.deepEqual(
      inOrder(
        list.filter((x) => !head(x)),
        at,
      ),
      ['a2', 'f1', 'd1', 'a3', 'a4', 'f2', 'f3', 'f4', 'f5', 'f6'],
    );
  });

  it('takes a copy of a name already taken only after every name not yet taken', () => {
    const list = indexed([
      s('docs/ja:engine', 'docs'),
      s('docs/tr:engine', 'docs'),
      s('docs/tr:motion', 'docs'),
      s('engine', 'skills'),
      s('motion', 'skills'),
      s('patterns', 'skills'),
    ]);
    const order = inOrder(
      list,
      spreadOrder(list, () => false),
    );
    assert.deepEqual(
      order
        .slice(0, 4)
        .map((k) => k.split(':').pop())
        .sort(),
      ['engine', 'motion', 'motion', 'patterns'],
    );
    assert.equal(new Set(order.slice(0, 3).map((k) => k.split(':').pop())).size, 3);
  });

  it('is deterministic: the same order for the same items in another order', () => {
    const list = indexed(['q', 'p', 'r', 's'].map((k, i) => s(`${k}-x`, i % 2 ? 'one' : 'two')));
    const a = inOrder(
      list,
      spreadOrder(list, () => false),
    );
    const reversed = indexed([...list].reverse());
    assert.deepEqual(
      inOrder(
        reversed,
        spreadOrder(reversed, () => false),
      ),
      a,
    );
  });
});
