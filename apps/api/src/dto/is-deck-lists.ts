import { ID } from '@matchlog/domain';
import { ValidateBy } from 'class-validator';

/** A deck list is far shorter: 60 cards on at most 60 lines of about 40 characters. */
export const MAX_DECK_LIST_LENGTH = 10_000;
/** More players than any match of the supported games seats. */
export const MAX_DECK_LISTS = 8;

const isDeckLists = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length <= MAX_DECK_LISTS &&
  Object.entries(value).every(([player, list]) => ID.test(player) && typeof list === 'string' && list.length <= MAX_DECK_LIST_LENGTH);

/** `{ "<player id>": "<deck list as text>" }`: at most MAX_DECK_LISTS lists of at most MAX_DECK_LIST_LENGTH characters. */
export const IsDeckLists = () =>
  ValidateBy({
    name: 'isDeckLists',
    validator: {
      validate: isDeckLists,
      defaultMessage: () =>
        `$property must be an object of at most ${MAX_DECK_LISTS} deck lists, each a player id to its list as text (at most ${MAX_DECK_LIST_LENGTH} characters), e.g. {"p1": "4 Elsa - Snow Queen\\n…"}`,
    },
  });
