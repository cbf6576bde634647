import { byName } from '@matchlog/cards';
import { readFileSync } from 'fs';
import { join } from 'path';

type Json = { type: string; data: Record<string, unknown> };
interface Match {
  readonly cards: { cardId: string; definition: string; printed?: { lore?: number; cost?: number; strength?: number; willpower?: number } }[];
}
const ROOT = join(__dirname, '..');
const read = <T>(path: string): T => JSON.parse(readFileSync(join(ROOT, 'examples', path), 'utf8')) as T;

/** Every Lorcana example: its match (the cards with their printed facts) and its events. */
const EXAMPLES: [string, string, string][] = [
  ['lorcana', 'lorcana/match.json', 'lorcana/events.json'],
  ['lorcana-bo3 game 1', 'lorcana-bo3/game-1.match.json', 'lorcana-bo3/game-1.events.json'],
  ['lorcana-bo3 game 2', 'lorcana-bo3/game-2.match.json', 'lorcana-bo3/game-2.events.json'],
  ['lorcana-bo3 game 3', 'lorcana-bo3/game-3.match.json', 'lorcana-bo3/game-3.events.json'],
];

/** Each quest of the log: a character exerted, then its player's lore raised by some amount (`by`), as the examples record one. */
const questsOf = (events: readonly Json[]) =>
  events.flatMap((event, i) => {
    const next = events[i + 1];
    return event.type === 'CardStatusChanged' &&
      event.data.exerted === true &&
      next?.type === 'CounterChanged' &&
      typeof next.data.by === 'number' &&
      /quested/.test(String(next.data.reason))
      ? [{ cardId: String(event.data.cardId), by: next.data.by }]
      : [];
  });

describe("the Lorcana examples' lore agrees with their own printed cards", () => {
  it.each(EXAMPLES)('%s: every quest scores the quester’s printed lore, and each printed fact is the card table’s', (_, matchFile, eventsFile) => {
    const match = read<Match>(matchFile);
    const { events } = read<{ events: Json[] }>(eventsFile);
    const printed = new Map(match.cards.map((card) => [card.cardId, card]));
    const quests = questsOf(events);
    expect(quests.length).toBeGreaterThan(0);
    expect(quests.map(({ cardId, by }) => ({ card: printed.get(cardId)!.definition, by }))).toEqual(
      quests.map(({ cardId }) => ({ card: printed.get(cardId)!.definition, by: printed.get(cardId)!.printed?.lore })),
    );
    for (const card of match.cards) {
      const found = byName(card.definition);
      if (found.status !== 'found' || card.printed === undefined) throw new Error(`${card.definition} is not in the card table`);
      const { lore, cost, strength, willpower } = found.card;
      expect({ definition: card.definition, lore: card.printed.lore, cost: card.printed.cost, strength: card.printed.strength, willpower: card.printed.willpower }).toEqual({
        definition: card.definition,
        lore,
        cost,
        strength,
        willpower,
      });
    }
  });

  it('Yzma - Alchemist and Lyle Tiberius Rourke - Cunning Mercenary quest for 1, as they print', () => {
    const { events } = read<{ events: Json[] }>('lorcana/events.json');
    const reasons = events.filter((e) => e.type === 'CounterChanged' && / quested$/.test(String(e.data.reason))).map((e) => [e.data.reason, e.data.by]);
    expect(reasons).toEqual([
      ['Yzma - Alchemist quested', 1],
      ['Lyle Tiberius Rourke - Cunning Mercenary quested', 1],
    ]);
  });
});
