import { ID } from '@matchlog/domain';
import { ValidateBy } from 'class-validator';
import { MAX_DECK_LISTS } from './is-deck-lists';

/** Longer than any card's name. */
export const MAX_SETUP_NAME_LENGTH = 200;
const MAX_SETS = 20;

const isNames = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length <= MAX_DECK_LISTS &&
  Object.entries(value).every(([player, name]) => ID.test(player) && typeof name === 'string' && name.length <= MAX_SETUP_NAME_LENGTH);

const FIELDS = new Set(['characters', 'startingItems', 'sets', 'bonusSouls']);

const isFourSoulsSetup = (value: unknown): boolean => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const setup = value as Record<string, unknown>;
  return (
    Object.keys(setup).every((key) => FIELDS.has(key)) &&
    isNames(setup.characters) &&
    (setup.startingItems === undefined || isNames(setup.startingItems)) &&
    (setup.sets === undefined ||
      (Array.isArray(setup.sets) && setup.sets.length <= MAX_SETS && setup.sets.every((set) => typeof set === 'string' && /^[a-z0-9]{1,16}$/.test(set)))) &&
    (setup.bonusSouls === undefined || typeof setup.bonusSouls === 'boolean')
  );
};

/** `{ characters: { "<player id>": "<character>" }, startingItems?: { … }, sets?: ["b2"], bonusSouls?: boolean }`: a Four Souls match's setup. */
export const IsFourSoulsSetup = () =>
  ValidateBy({
    name: 'isFourSoulsSetup',
    validator: {
      validate: isFourSoulsSetup,
      defaultMessage: () =>
        `$property must be a Four Souls setup: {"characters": {"p1": "Isaac", "p2": "Cain"}}, optionally with "startingItems" (player id to item name), "sets" (e.g. ["b2"]) and "bonusSouls" (true or false); names of at most ${MAX_SETUP_NAME_LENGTH} characters`,
    },
  });

/** The OpenAPI schema of POST /matches' `setup`. */
export const fourSoulsSetupSchema = {
  type: 'object',
  required: ['characters'],
  additionalProperties: false,
  properties: {
    characters: {
      type: 'object',
      maxProperties: MAX_DECK_LISTS,
      additionalProperties: { type: 'string', maxLength: MAX_SETUP_NAME_LENGTH },
      description: "each player's character, by player id",
    },
    startingItems: {
      type: 'object',
      maxProperties: MAX_DECK_LISTS,
      additionalProperties: { type: 'string', maxLength: MAX_SETUP_NAME_LENGTH },
      description: "a player's starting item where it is not the character's own (Eden's, chosen from the treasure deck: one copy leaves the deck)",
    },
    sets: {
      type: 'array',
      maxItems: MAX_SETS,
      items: { type: 'string', pattern: '^[a-z0-9]{1,16}$' },
      description: 'the sets whose cards make the shared decks; default ["b2"], the base game',
    },
    bonusSouls: { type: 'boolean', description: "true: the sets' bonus souls start outside the game, named" },
  },
  example: { characters: { p1: 'Isaac', p2: 'Cain', p3: 'Maggy' }, bonusSouls: true },
  description:
    "Four Souls: the match's setup instead of its cards, for 2 to 4 players. The server builds the shared Treasure, Loot, Monster and Room decks from the sets' cards, none of them named (a paper match: nobody has seen their order), with one shared list (lists, player null) that names them as they are revealed; each player's character and starting item start in their play zone. A name that names no card is 422 DECK_LIST_UNKNOWN_CARDS at setup.characters.<player> (or setup.startingItems.<player>), with the closest names.",
};
