import { EventOf, RECORDER_CALLER } from '../events/events';
import { callOf } from '../state/desk';
import { MatchLayout, MatchState } from '../state/match-state';
import { Verdict, accepted, rejected } from './domain-error';
import { checkPlayer } from './check-refs';

type DeskEvent = EventOf<'JudgeCalled' | 'CallClaimed' | 'CallEscalated' | 'CallResolved' | 'RulingGiven' | 'JudgeNoted'>;

/**
 * The judge's desk: a call or a note is about a revision the match has reached; a claim, an escalation
 * or a resolution is of a call of this match that is not resolved; a ruling penalizes a player of it.
 */
export const checkDesk = (state: MatchState, layout: MatchLayout, event: DeskEvent): Verdict => {
  switch (event.type) {
    case 'JudgeCalled': {
      const { callId, by, at } = event.data;
      if (callOf(state.desk, callId) !== undefined)
        return rejected('DUPLICATE_CALL', 'matchlog', `this match already has a call "${callId}": give the call a new id`, 'data.callId');
      if (by !== RECORDER_CALLER && !layout.playerIds.includes(by))
        return rejected('UNKNOWN_PLAYER', 'matchlog', `a judge is called by a player of this match (${layout.playerIds.join(', ')}) or "recorder"; got "${by}"`, 'data.by');
      return checkAt(state, at);
    }
    case 'CallClaimed':
    case 'CallEscalated':
    case 'CallResolved':
      return checkOpenCall(state, event.data.callId, 'data.callId');
    case 'RulingGiven': {
      const { rulingId, callId, player } = event.data;
      if (state.desk.rulings.some((ruling) => ruling.rulingId === rulingId))
        return rejected('DUPLICATE_RULING', 'matchlog', `this match already has a ruling "${rulingId}": give the ruling a new id`, 'data.rulingId');
      const call = callId === undefined || callOf(state.desk, callId) !== undefined ? accepted : unknownCall(callId, 'data.callId');
      return call.ok ? checkPlayer(layout, player, 'data.player') : call;
    }
    case 'JudgeNoted':
      if (state.desk.notes.some((note) => note.noteId === event.data.noteId))
        return rejected('DUPLICATE_NOTE', 'matchlog', `this match already has a note "${event.data.noteId}": give the note a new id`, 'data.noteId');
      return checkAt(state, event.data.at);
  }
};

const checkAt = (state: MatchState, at: number): Verdict =>
  at <= state.revision
    ? accepted
    : rejected('REVISION_NOT_REACHED', 'matchlog', `revision ${at} is past the match's revision ${state.revision}: give a revision from 0 to ${state.revision}`, 'data.at');

const unknownCall = (callId: string, path: string): Verdict =>
  rejected('UNKNOWN_CALL', 'matchlog', `no judge call "${callId}" in this match (GET /matches/:id/calls lists them)`, path);

const checkOpenCall = (state: MatchState, callId: string, path: string): Verdict => {
  const call = callOf(state.desk, callId);
  if (call === undefined) return unknownCall(callId, path);
  return call.status === 'resolved'
    ? rejected('CALL_RESOLVED', 'matchlog', `the call "${callId}" is resolved: nothing more happens to it (call a judge again for a new question)`, path)
    : accepted;
};
