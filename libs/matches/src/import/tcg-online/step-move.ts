import { ReplayStep } from './replay-file';

/**
 * The move a step made. Its `acceptedMove.moveId`, but for a judge's forfeit: the engine's server adapter records that
 * step with the moveId and the time of the step before it (`passTurn`), while its logs say what happened, `forfeitGame`
 * then `gameEnd` (FORMAT.md §3: a step's first log is the move itself). A log of the step that says `forfeitGame` or
 * `concede` names the move; any other step is its moveId, so a passTurn stays a passTurn.
 */
export const stepMove = (step: ReplayStep): string => {
  const ending = step.logs.find((log) => log.type === 'forfeitGame' || log.type === 'concede');
  return ending?.type ?? step.acceptedMove.moveId;
};

/**
 * When the step happened: its acceptedMove's timestamp, or, where the step's move is read from its logs (a forfeit,
 * stepMove), that log's own timestamp, which the engine stamps when it processes the ruling.
 */
export const stepTime = (step: ReplayStep): number => {
  const ending = step.logs.find((log) => log.type === 'forfeitGame' || log.type === 'concede');
  const logged = ending?.timestamp;
  return ending !== undefined && ending.type !== step.acceptedMove.moveId && typeof logged === 'number' && Number.isFinite(logged) && logged >= step.acceptedMove.timestamp
    ? logged
    : step.acceptedMove.timestamp;
};
