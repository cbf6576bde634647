import { ID } from '@matchlog/domain';
import { ValidateBy } from 'class-validator';

/** A deck list is far shorter: 60 cards on at most 60 lines of about 40 characters. */
export const MAX_DECK_LIST_LENGTH = 10_000;
/** More players than any match of the supported games seats. */
export const MAX_DECK_LISTS = 8;

/** Text, or a deck site's JSON object (Grand Archive), of at most MAX_DECK_LIST_LENGTH characters; its shape is the game's to read. */
const isList = (list: unknown): boolean =>
  typeof list === 'string'
    ? list.length <= MAX_DECK_LIST_LENGTH
    : typeof list === 'object' && list !== null && !Array.isArray(list) && JSON.stringify(list).length <= 2 * MAX_DECK_LIST_LENGTH;

const isDeckLists = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length <= MAX_DECK_LISTS &&
  Object.entries(value).every(([player, list]) => ID.test(player) && isList(list));

/** `{ "<player id>": "<deck list as text>" }`: at most MAX_DECK_LISTS lists of at most MAX_DECK_LIST_LENGTH characters. */
export const IsDeckLists = () =>
  ValidateBy({
    name: 'isDeckLists',
    validator: {
      validate: isDeckLists,
      defaultMessage: () =>
        `$property must be an object of at most ${MAX_DECK_LISTS} deck lists, each a player id to its list as text (at most ${MAX_DECK_LIST_LENGTH} characters) or, for Grand Archive, a deck site's JSON object, e.g. {"p1": "4 Elsa - Snow Queen\\n…"}`,
    },
  });
