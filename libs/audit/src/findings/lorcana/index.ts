import { CheckFactory } from '../check';
import { bagOutOfOrder, resolvedDuringAction } from './bag-order';
import { deckOrderChanged } from './deck-order-changed';
import { failedToFindPublic } from './failed-to-find-public';
import { inkedFaceUp } from './inked-face-up';
import { lookWithoutEffect } from './look-without-effect';
import { playedAfterWin } from './played-after-win';
import { resultDisagreesWithCounters } from './result-disagrees-with-counters';
import { turnsAfterTimeExceeded } from './turns-after-time';
import { openingHandNotSeven } from './opening-hand';
import { drawnFromOtherDeck } from './drawn-from-other-deck';
import { inkedExerted } from './inked-exerted';
import { playedIntoOpponentPlay } from './played-into-opponent-play';
import { zoneFace } from './zone-face';
import { triggerAddedByOtherPlayer } from './trigger-added-by-other-player';

export const lorcanaChecks: readonly CheckFactory[] = [
  lookWithoutEffect,
  deckOrderChanged,
  failedToFindPublic,
  bagOutOfOrder,
  resolvedDuringAction,
  inkedFaceUp,
  turnsAfterTimeExceeded,
  playedAfterWin,
  resultDisagreesWithCounters,
  openingHandNotSeven,
  drawnFromOtherDeck,
  inkedExerted,
  playedIntoOpponentPlay,
  zoneFace,
  triggerAddedByOtherPlayer,
];
