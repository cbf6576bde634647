import { MatchState } from '@matchlog/domain';
import { Act, Named, RecordedCard, cardsIn, loses, nameIn, whereIs, zone } from '../recording';

/**
 * Grand Archive's acts, as the domain's events: the zones of "Game Zones" (../shared/rules 004 and the ruleset
 * libs/domain/src/rules/grand-archive.ts). Only the zones' texts are held; the phases, combat and damage rules are
 * titles in its table of contents, so no act checks them (docs/guides/recording.md lists what is left out).
 */

const moved = (state: MatchState, cardId: string, to: ReturnType<typeof zone>, extra: object = {}): Act[] => {
  const from = whereIs(state, cardId);
  return from === undefined ? [] : [{ type: 'CardMoved', data: { cardId, from, to, ...extra } }];
};

const naming = (card: Named): object => (card.definition === undefined ? {} : { definition: card.definition });

const cardAt = (state: MatchState, cardId: string) => {
  const index = state.layout?.cardIndex.get(cardId);
  return index === undefined ? undefined : state.cards[index];
};

const recorded = (state: MatchState, cardId: string): RecordedCard | undefined => {
  const where = whereIs(state, cardId);
  return where === undefined ? undefined : cardsIn(state, where).find((card) => card.cardId === cardId);
};

/** Whether the card is printed a champion ("Card Types - Champion"). */
export const isChampion = (card: Pick<RecordedCard, 'printed'>): boolean => /champion/i.test(card.printed?.type ?? '');

/** The player's champion: the one of the highest level in their field, the latest of a lineage; none before the first is materialized. */
export const championOf = (state: MatchState, player: string): RecordedCard | undefined =>
  cardsIn(state, zone('field', player))
    .filter(isChampion)
    .reduce<RecordedCard | undefined>((best, card) => (best === undefined || (card.printed?.level ?? 0) >= (best.printed?.level ?? 0) ? card : best), undefined);

/** The champion's life left: its printed life less the damage on it ("Parts of a Card - Power and Life"). */
export const lifeOf = (champion: RecordedCard): number | undefined => (champion.printed?.life === undefined ? undefined : champion.printed.life - champion.damage);

/**
 * The top card of the main deck to the hand. A player who draws from an empty deck loses ("Ending the Game" 3,
 * rules.gatcg.com): the draw is their loss.
 */
export const draw = (state: MatchState, player: string): Act[] => {
  const top = cardsIn(state, zone('main-deck', player))[0];
  if (top === undefined) return loses(state, player, `${nameIn(state, player)} drew from an empty deck`);
  return moved(state, top.cardId, zone('hand', player));
};

/** A card of the material deck onto the field ("Playing Cards - Card Materialization"; zone "Material Deck"). */
export const materialize = (state: MatchState, player: string, card: Named): Act[] => moved(state, card.cardId, zone('field', player), naming(card));

/**
 * A champion of the material deck onto the field, the next of the lineage: the damage on the champion it levels up
 * from lies on the pile, so it carries to the new one (the table keeps the counters where they lie).
 */
export const levelUp = (state: MatchState, player: string, card: Named): Act[] => {
  const before = championOf(state, player);
  const acts = materialize(state, player, card);
  if (acts.length === 0 || before === undefined || before.damage === 0) return acts;
  return [...acts, { type: 'CardStatusChanged', data: { cardId: card.cardId, damage: before.damage } }];
};

/** A card of the hand activated: onto the effects stack, shared by all ("Game Zones - Effects Stack"). */
export const play = (state: MatchState, card: Named): Act[] => moved(state, card.cardId, { zone: 'effects-stack' }, naming(card));

/** The top of the effects stack resolves: to its owner's field (an object) or graveyard (an action, an attack). */
export const resolve = (state: MatchState, to: 'field' | 'graveyard'): Act[] => {
  const top = cardsIn(state, { zone: 'effects-stack' })[0];
  const owner = top === undefined ? null : cardAt(state, top.cardId)?.owner;
  return top === undefined || owner == null ? [] : moved(state, top.cardId, zone(to, owner), to === 'graveyard' ? { reason: 'resolved' } : {});
};

/** A card of the hand paid to memory, face down ("Playing Cards - Costs and Memory"; zone "Memory"). */
export const toMemory = (state: MatchState, player: string, cardId: string): Act[] => moved(state, cardId, zone('memory', player));

/** The cards of memory back to the hand ("Turn Order - Recollection Phase"). */
export const recollect = (state: MatchState, player: string): Act[] => {
  const memory = cardsIn(state, zone('memory', player));
  return memory.length === 0 ? [] : [{ type: 'CardsMoved', data: { moves: memory.map((c) => ({ cardId: c.cardId, from: zone('memory', player), to: zone('hand', player) })) } }];
};

export const banish = (state: MatchState, cardId: string): Act[] => {
  const owner = cardAt(state, cardId)?.owner;
  return owner == null ? [] : moved(state, cardId, zone('banishment', owner), { reason: 'banished' });
};

/**
 * Damage on a card of the field (`by` may be negative: damage removed). When a champion's damage reaches its life
 * the champion dies, and its player loses ("Ending the Game" 3: "Their champions die").
 */
export const damage = (state: MatchState, cardId: string, by: number): Act[] => {
  const card = recorded(state, cardId);
  const controller = cardAt(state, cardId)?.controller;
  if (card === undefined) return [];
  const next = Math.max(0, card.damage + by);
  if (next === card.damage) return [];
  const acts: Act[] = [{ type: 'CardStatusChanged', data: { cardId, damage: next } }];
  const life = card.printed?.life;
  const dies = isChampion(card) && life !== undefined && card.damage < life && next >= life && controller != null;
  return dies ? [...acts, ...loses(state, controller, `${nameIn(state, controller)}'s champion died`)] : acts;
};

/** An attack: the attacker deals its printed power as damage to the target ("Combat Phase - Damage Step"; the text is not held). */
export const attack = (state: MatchState, attacker: string, target: string): Act[] => damage(state, target, recorded(state, attacker)?.printed?.power ?? 0);
