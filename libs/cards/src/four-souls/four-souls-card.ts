import type { PrintedFacts } from '@matchlog/domain';
import { FourSoulsReward, FourSoulsRow } from './four-souls-row';

/**
 * Where a card starts a game, read from its type as the source labels it: a player's character or starting item
 * (an eternal treasure), one of the four shared decks ("Game Zones", Decks: Treasure, Loot, Monster, Room), or a
 * bonus soul.
 */
export type FourSoulsPile = 'character' | 'starting-item' | 'treasure' | 'loot' | 'monster' | 'room' | 'bonus-soul';

/** One card of the table: its id, set and number in the source, its name and printed facts, and where it starts. */
export interface FourSoulsCard {
  readonly id: string;
  readonly name: string;
  /** the name: Four Souls cards have no versions */
  readonly definition: string;
  readonly set: string;
  readonly number: number;
  /** as the source labels it, e.g. "Boss Card", "Passive Treasure Card" */
  readonly type: string;
  readonly pile: FourSoulsPile;
  /** copies of the card in its set */
  readonly copies: number;
  readonly hp?: number;
  readonly dc?: number;
  readonly atk?: number;
  readonly rewards: readonly FourSoulsReward[];
  /** the souls its rewards give (the rewards of kind "Soul" with a count) */
  readonly souls?: number;
  /** ids of the cards the source relates to it: a character's starting item, an item's character */
  readonly related: readonly string[];
}

const MONSTER_TYPES = new Set(['Good Event Card', 'Bad Event Card', 'Curse Card']);
const LOOT_TYPES = new Set([
  'Trinket Card',
  'Bomb Card',
  'Battery Card',
  'Butter Bean Card',
  'Pill/Rune Card',
  'Dice Shard/Soul Heart Card',
  'Lost Soul Card',
  'Wildcard Card',
  'Nickel Card',
]);

/** The pile of a source type; undefined for a type this table does not know (the generator stops on it). */
export const fourSoulsPileOf = (type: string): FourSoulsPile | undefined => {
  if (type === 'Character Card') return 'character';
  if (type === 'Eternal Treasure Card') return 'starting-item';
  if (type === 'Bonus Soul Card') return 'bonus-soul';
  if (type === 'Room Card') return 'room';
  if (type.endsWith(' Treasure Card')) return 'treasure';
  if (type.endsWith('Monster Card') || type.endsWith('Boss Card') || MONSTER_TYPES.has(type)) return 'monster';
  if (LOOT_TYPES.has(type) || /^\d+ Cent Card$/.test(type)) return 'loot';
  return undefined;
};

/** "1x", "x10", "7x": the number; "?x", "Roll- Gain x": none. */
const countOf = (count: string): number | undefined => {
  const match = /^(?:(\d+)x|x(\d+))$/.exec(count.trim());
  return match ? Number(match[1] ?? match[2]) : undefined;
};

const soulsOf = (rewards: readonly FourSoulsReward[]): number | undefined => {
  const souls = rewards.filter(([, kind]) => kind === 'Soul').map(([count]) => countOf(count));
  return souls.length === 0 || souls.some((count) => count === undefined) ? undefined : souls.reduce<number>((sum, count) => sum + count!, 0);
};

export const fourSoulsCardOfRow = ([id, set, number, name, type, copies, hp, dc, atk, rewards, related]: FourSoulsRow): FourSoulsCard => {
  const souls = soulsOf(rewards);
  return {
    id,
    name,
    definition: name,
    set,
    number,
    type,
    pile: fourSoulsPileOf(type) ?? 'loot',
    copies,
    ...(hp !== null && { hp }),
    ...(dc !== null && { dc }),
    ...(atk !== null && { atk }),
    rewards,
    ...(souls !== undefined && { souls }),
    related,
  };
};

/** Rewards as one line, as printed: "1x Soul, 7x Coin". */
export const rewardsText = (rewards: readonly FourSoulsReward[]): string => rewards.map(([count, kind]) => `${count} ${kind}`).join(', ');

/** A card's printed facts as the domain's card definitions carry them: its type, HP, DC, ATK, rewards and souls. */
export const fourSoulsPrinted = (card: FourSoulsCard): PrintedFacts => ({
  type: card.type.replace(/ Card$/, ''),
  ...(card.hp !== undefined && { hp: card.hp }),
  ...(card.dc !== undefined && { dc: card.dc }),
  ...(card.atk !== undefined && { atk: card.atk }),
  ...(card.rewards.length > 0 && { rewards: rewardsText(card.rewards) }),
  ...(card.souls !== undefined && { souls: card.souls }),
});

/** The facts every printing of a name shares (the base game prints "Chest" twice, with other rewards): what a list line of that name may carry. */
export const sharedPrinted = (cards: readonly FourSoulsCard[]): PrintedFacts => {
  const [first, ...rest] = cards.map(fourSoulsPrinted);
  const entries = Object.entries(first).filter(([key, value]) => rest.every((other) => (other as Record<string, unknown>)[key] === value));
  return Object.fromEntries(entries) as PrintedFacts;
};
