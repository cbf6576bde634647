import { GameId } from '../rules/ruleset';
import { rulesets } from '../rules/rulesets';
import { DataOf, Fields, boolean, integer, integerOf, list, object, oneOf, optional, position, required, text, textOrNull } from './descriptor';
import { EventDataByType, EventType } from './events';

/**
 * The event vocabulary, written once: each event type's data. The domain checks events against it
 * (validate/shape.ts), the API's OpenAPI document shows it (json-schema.ts), docs/reference/events.md's field
 * tables are generated from it (npm run docs:events), and events.ts's types are checked against it
 * below. Wire format: never rename a field or change what it means.
 */

/** The ids of matches, players, cards and events the API accepts; the API's envelopes use it too. */
export const ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
const id = () => text({ pattern: ID, patternHint: '1-128 letters, digits, ".", "_", ":" or "-"' });
const MAX_IDS = 500;
/** The longest broadcast delay: a day. A match's broadcast held back longer is no broadcast, and a delay of 1e9 seconds would hold it back for ever. */
export const MAX_BROADCAST_DELAY_SECONDS = 86_400;

const judgeName = text({ maxLength: 60 });

/** A correction undoes an earlier event by a new one, and says which: the log is never rewritten. */
const correction = {
  corrects: optional(id(), 'the id of an earlier event this one undoes: a correction (judge-only; the audit notes it)'),
} satisfies Fields;

const zone = object(
  {
    zone: required(text({ pattern: /^[a-z][a-z-]{0,31}$/, patternHint: 'a zone name in kebab-case, e.g. hand' }), 'a zone name of the game (see "Addressing a zone")'),
    player: optional(text(), 'the player whose zone it is; absent for shared zones'),
    slot: optional(integer(1), 'slot zones only (Four Souls)'),
  },
  'zone',
);

/** A card's printed facts: each game uses those it prints (Lorcana: cost to willpower; Grand Archive: element to speed; Four Souls: hp to souls). */
const printed = object(
  {
    cost: optional(integer(0, 99)),
    ink: optional(text({ maxLength: 40 }), 'e.g. "Amber"'),
    inkable: optional(boolean()),
    type: optional(text({ maxLength: 60 }), 'e.g. "Character"'),
    lore: optional(integer(0, 99)),
    strength: optional(integer(0, 99)),
    willpower: optional(integer(0, 99)),
    element: optional(text({ maxLength: 40 }), 'Grand Archive, e.g. "Fire"'),
    memoryCost: optional(integer(0, 99), 'Grand Archive: a cost paid from memory'),
    reserveCost: optional(integer(0, 99), 'Grand Archive: a cost paid from reserve'),
    level: optional(integer(0, 99), "Grand Archive: a champion's level"),
    power: optional(integer(0, 999), 'Grand Archive'),
    life: optional(integer(0, 999), 'Grand Archive'),
    durability: optional(integer(0, 99), 'Grand Archive'),
    speed: optional(text({ maxLength: 20 }), 'Grand Archive, e.g. "Fast"'),
    hp: optional(integer(0, 99), 'Four Souls'),
    dc: optional(integer(0, 99), 'Four Souls: the dice roll an attack must reach'),
    atk: optional(integer(0, 99), 'Four Souls'),
    rewards: optional(text({ maxLength: 60 }), 'Four Souls, e.g. "3¢"'),
    souls: optional(integer(0, 9), 'Four Souls: the souls a monster gives'),
  },
  'printed facts',
);

const cardMoved = {
  cardId: required(text()),
  from: required(zone),
  to: required(zone),
  position: optional(position(), '"top", "bottom" or an index from the top (0 = top); default: the bottom of a deck, the top of any other ordered zone'),
  faceDown: optional(boolean(), "default: the destination's default face"),
  reason: optional(text({ maxLength: 200 }), 'e.g. "banished"'),
  source: optional(text(), 'the card whose effect made the move'),
  characteristic: optional(text({ maxLength: 200 }), 'what the effect specified of the card (e.g. "Cosmic Bolt"); judge-only'),
  definition: optional(
    textOrNull({ maxLength: 200 }),
    "a paper match: the name of an unidentified card, seen as it moves (a card of its owner's list); null only in a correction, which takes the name back",
  ),
} satisfies Fields;

export const vocabulary = {
  MatchCreated: {
    game: required(text<GameId>({ listed: Object.keys(rulesets) })),
    players: required(list(object({ id: required(id()), name: optional(text({ maxLength: 200 })) }), 8), 'in turn order; at least one'),
    cards: required(
      list(
        object({
          cardId: required(id(), "the recorder's id for this physical card; only the judge ever sees it"),
          owner: required(textOrNull(), 'a player id; null for shared cards (Four Souls decks)'),
          definition: optional(text({ maxLength: 200 }), 'e.g. "Ariel - On Human Legs"; absent: a card nobody has identified (its owner has a list in lists)'),
          zone: required(zone),
          faceDown: optional(boolean()),
          printed: optional(printed, "what is printed on the card, for the viewer; observed only with the card's definition"),
        }),
        2000,
      ),
      'every physical card in its starting zone; ordered zones listed top first',
    ),
    lists: optional(
      list(
        object({
          player: required(textOrNull(), 'a player id; null: the shared cards (owner null), e.g. the Four Souls decks'),
          cards: required(
            list(
              object(
                {
                  definition: required(text({ maxLength: 200 })),
                  copies: required(integer(1, 99)),
                  printed: optional(printed),
                  section: optional(
                    oneOf('main', 'material', 'sideboard'),
                    "Grand Archive: the part of the deck list (default main); a sideboard's cards are registered, not in a zone",
                  ),
                },
                'listed card',
              ),
              400,
              1,
            ),
          ),
        }),
        8,
      ),
      "a paper match: each player's registered deck list (and the shared cards' list, player null), the names their unidentified cards are given as they are revealed; judge-only",
    ),
    tournament: optional(
      object({
        event: optional(text({ maxLength: 200 })),
        round: optional(integer()),
        table: optional(integer()),
        game: optional(integer(1, 99), 'which game of the match at this table: 1, 2, 3 …'),
        bestOf: optional(integerOf(1, 3, 5), 'default 3'),
        format: optional(
          text({ pattern: /^[a-z][a-z0-9-]{0,31}$/, patternHint: 'a format name in kebab-case, e.g. constructed' }),
          'constructed: each deck must be legal for the game',
        ),
        singleElimination: optional(boolean(), 'true: no drawn match; the players play on, past bestOf, until one wins (default: Swiss)'),
      }),
      "the games of one match share event, round and table; the catalog reads the match's result from them",
    ),
    publicDeckLists: optional(boolean(), "true: MatchEnded discloses every shuffle's order and salt to spectators too"),
    broadcastDelay: optional(
      object({
        events: optional(integer(), 'it never shows the last this many events'),
        seconds: optional(integer(0, MAX_BROADCAST_DELAY_SECONDS), 'nor an event recorded less than this many seconds ago (at most 86400, a day)'),
        holdBackPublic: optional(
          boolean(),
          "default true: the public view, the match's catalog entry (GET /matches, GET /matches/:id) and the round's results hold back the same window for anyone but the judge, the recorder, the players and the organizer; false shows them the head",
        ),
      }),
      'how far the broadcast audience (what the players together know) runs behind the match; a match with neither this nor broadcastAccess has no broadcast',
    ),
    broadcastAccess: optional(
      oneOf('public', 'token'),
      "who reads the broadcast audience (never a player's token): anyone (default; then seconds must be at least 300), or the holder of a broadcast token",
    ),
  },
  CardMoved: { ...cardMoved, ...correction },
  CardsMoved: { moves: required(list(object(cardMoved, 'CardMoved data'), MAX_IDS, 1), 'applied in the order listed; a card may appear once'), ...correction },
  ZoneShuffled: {
    zone: required(zone),
    order: optional(list(text(), 2000), 'card ids, the resulting order, top first; absent: a paper shuffle, in an order nobody knows (its cards are unidentified after it)'),
    salt: optional(
      text({ pattern: /^[0-9a-f]{32,128}$/, patternHint: '32 to 128 lowercase hex digits' }),
      'judge-only until MatchEnded; drawn by the server (an append that sends one is refused); kept from an imported log',
    ),
    commitment: optional(
      text({ pattern: /^[0-9a-f]{64}$/, patternHint: '64 lowercase hex digits (SHA-256)' }),
      'SHA-256 of { zone, order: definitions, salt }; computed by the server (an append that sends one is refused); kept from an imported log',
    ),
  },
  CardsRevealed: {
    cardIds: required(list(text(), MAX_IDS, 1)),
    definitions: optional(list(text({ maxLength: 200 }), MAX_IDS, 1), 'a paper match: the names of the cards, one per card id, as they are seen'),
    to: optional(list(text(), MAX_IDS), 'player ids it is revealed to; everyone when absent'),
  },
  CardsLookedAt: { player: required(text()), cardIds: required(list(text(), MAX_IDS, 1)), source: optional(text()) },
  CardStatusChanged: { cardId: required(text()), exerted: optional(boolean()), damage: optional(integer()), faceDown: optional(boolean()), ...correction },
  ControlChanged: { cardId: required(text()), controller: required(text(), 'a player id'), ...correction },
  TurnStarted: { player: required(text(), 'the active player'), turn: required(integer()) },
  EffectStarted: {
    effectId: required(text()),
    player: required(text()),
    kind: required(oneOf('action', 'ability'), "action: a played action's effect, which resolves before any bag ability"),
    sourceCardId: optional(text()),
  },
  EffectResolved: { effectId: required(text()) },
  TriggerAdded: {
    triggerId: required(text()),
    player: required(text()),
    sourceCardId: required(text()),
    ability: required(text({ maxLength: 500 }), 'e.g. "Thanks For Volunteering"'),
    kind: optional(text(), 'default "triggered"; the Lorcana bag takes nothing else'),
    targets: optional(list(text(), MAX_IDS), 'card ids; a target that changes zone makes it fizzle'),
  },
  TriggerResolved: { triggerId: required(text()), player: required(text(), 'who resolved it') },
  TriggerRemoved: { triggerId: required(text()), reason: required(text({ maxLength: 200 }), 'e.g. "fizzled"') },
  SearchPerformed: {
    player: required(text()),
    zone: required(zone),
    criteria: optional(text({ maxLength: 500 }), 'matched against definitions, ignoring case'),
    found: required(textOrNull(), 'a card id; null: failed to find'),
  },
  PlayerLeft: { player: required(text()) },
  MatchEnded: {
    winner: optional(text(), 'a player id'),
    draw: optional(boolean(), 'true: a drawn game (never with a winner)'),
    reason: required(text({ maxLength: 500 }), 'e.g. "p1 reached 20 lore"'),
  },
  CounterChanged: {
    counter: required(text({ pattern: /^[a-z][a-z0-9-]{0,31}$/, patternHint: 'a counter name in kebab-case, e.g. lore' }), "a counter the game's ruleset declares"),
    player: optional(text(), 'a player id: a counter on a player'),
    cardId: optional(text(), 'a counter on a card, in a zone where the ruleset allows one'),
    by: optional(integer(-9999, 9999), 'the change'),
    to: optional(integer(0, 9999), 'the new value'),
    reason: optional(text({ maxLength: 200 }), 'e.g. "quested"; every audience reads it'),
    ...correction,
  },
  TimeCalled: {},
  TimeExtended: { seconds: required(integer(1, 3600)), reason: required(text({ maxLength: 200 }), 'e.g. "a ruling on a triggered ability"; every audience reads it') },
  MatchVoided: { reason: required(text({ maxLength: 500 }), 'why the organizer voided it, e.g. "recorded twice"; every audience reads it') },
  JudgeCalled: {
    callId: required(id()),
    by: required(text(), 'a player id of the match, or "recorder" (a paper table)'),
    at: required(integer(), 'the revision the call is about: 0 up to the revision when it is called'),
    reason: required(text({ maxLength: 200 }), "free text: the judge and the caller read it, nobody else (it may name the caller's hidden cards)"),
  },
  CallClaimed: { callId: required(id()), judge: required(judgeName, "the judge's name as typed at the desk; judge-only") },
  CallEscalated: {
    callId: required(id()),
    judge: required(judgeName, "the judge's name as typed at the desk; judge-only"),
    reason: optional(text({ maxLength: 200 }), 'why it goes to the head judge; judge-only'),
  },
  CallResolved: { callId: required(id()), judge: required(judgeName, "the judge's name as typed at the desk; judge-only") },
  RulingGiven: {
    rulingId: required(id()),
    callId: optional(id(), 'the call it answers'),
    player: required(text(), 'the penalized player id'),
    infraction: required(text({ maxLength: 200 }), 'e.g. "Seeing Extra Cards"; the players read it'),
    category: optional(text({ maxLength: 60 }), "the infraction's category in the cited document, or the organizer's"),
    penalty: required(text({ maxLength: 60 }), "one of the game's penalties (GET /desk/penalties) or the organizer's categories; the players read it"),
    remedy: optional(text({ maxLength: 500 }), 'what is done to fix the game state; the players read it'),
    text: optional(text({ maxLength: 2000 }), "the judge's own words; judge-only"),
    seconds: optional(integer(1, 3600), 'a time extension: the same batch appends a TimeExtended of these seconds'),
    source: optional(text({ maxLength: 200 }), 'the published document and section cited'),
    judge: required(judgeName, "the judge's name as typed at the desk; judge-only"),
  },
  JudgeNoted: {
    noteId: required(id()),
    at: required(integer(), 'the revision the note is about: 0 up to the revision when it is written'),
    text: required(text({ maxLength: 2000 })),
    published: required(boolean(), 'false: judge-only; true: every audience reads the text'),
  },
} satisfies Record<EventType, Fields>;

/** Fields of which an event's data names exactly one. */
export const exactlyOneOf: Partial<Record<EventType, readonly (readonly string[])[]>> = {
  CounterChanged: [
    ['player', 'cardId'],
    ['by', 'to'],
  ],
};

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** A compile error here means events.ts and the vocabulary disagree about an event type's data. */
export const vocabularyMatchesTypes: { [T in EventType]: Same<DataOf<(typeof vocabulary)[T]>, EventDataByType[T]> } = {
  MatchCreated: true,
  CardMoved: true,
  CardsMoved: true,
  ZoneShuffled: true,
  CardsRevealed: true,
  CardsLookedAt: true,
  CardStatusChanged: true,
  ControlChanged: true,
  TurnStarted: true,
  EffectStarted: true,
  EffectResolved: true,
  TriggerAdded: true,
  TriggerResolved: true,
  TriggerRemoved: true,
  SearchPerformed: true,
  PlayerLeft: true,
  MatchEnded: true,
  CounterChanged: true,
  TimeCalled: true,
  TimeExtended: true,
  MatchVoided: true,
  JudgeCalled: true,
  CallClaimed: true,
  CallEscalated: true,
  CallResolved: true,
  RulingGiven: true,
  JudgeNoted: true,
};
