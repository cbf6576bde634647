import { Forbidden } from '../errors';

/** A player's token asking for the broadcast, which shows every hand: never, of any match. */
export class BroadcastNotForPlayers extends Forbidden {
  constructor() {
    super("a player's token never reads the broadcast, which shows every hand: it is for spectators, the judge and the organizer");
  }
}
