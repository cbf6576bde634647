import { CallClaimed, CallEscalated, CallResolved, JudgeCalled, JudgeNoted, RulingGiven } from '../events/events';

export type CallStatus = 'open' | 'claimed' | 'escalated' | 'resolved';

/** A judge call as the desk holds it: the call, where it stands, and who last handled it. */
export interface DeskCall extends JudgeCalled {
  readonly status: CallStatus;
  /** the revision the JudgeCalled brought the match to */
  readonly revision: number;
  /** the judge who last claimed, escalated or resolved it */
  readonly judge?: string;
  /** the last escalation's reason */
  readonly escalation?: string;
}

export interface DeskRuling extends RulingGiven {
  readonly revision: number;
}

export interface DeskNote extends JudgeNoted {
  readonly revision: number;
}

/** The judge's desk of one match: its calls, rulings and notes, in the order they were recorded. */
export interface DeskState {
  readonly calls: readonly DeskCall[];
  readonly rulings: readonly DeskRuling[];
  readonly notes: readonly DeskNote[];
}

export const emptyDesk: DeskState = { calls: [], rulings: [], notes: [] };

export const callOf = (desk: DeskState, callId: string): DeskCall | undefined => desk.calls.find((call) => call.callId === callId);

export const deskCalled = (desk: DeskState, revision: number, call: JudgeCalled): DeskState =>
  callOf(desk, call.callId) !== undefined ? desk : { ...desk, calls: [...desk.calls, { ...call, status: 'open', revision }] };

const withStatus = (desk: DeskState, callId: string, status: CallStatus, judge: string, escalation?: string): DeskState => {
  const index = desk.calls.findIndex((call) => call.callId === callId);
  if (index < 0 || desk.calls[index].status === 'resolved') return desk;
  const calls = desk.calls.slice();
  calls[index] = { ...calls[index], status, judge, ...(escalation !== undefined && { escalation }) };
  return { ...desk, calls };
};

export const deskClaimed = (desk: DeskState, data: CallClaimed): DeskState => withStatus(desk, data.callId, 'claimed', data.judge);
export const deskEscalated = (desk: DeskState, data: CallEscalated): DeskState => withStatus(desk, data.callId, 'escalated', data.judge, data.reason);
export const deskResolved = (desk: DeskState, data: CallResolved): DeskState => withStatus(desk, data.callId, 'resolved', data.judge);

export const deskRuled = (desk: DeskState, revision: number, ruling: RulingGiven): DeskState =>
  desk.rulings.some((r) => r.rulingId === ruling.rulingId) ? desk : { ...desk, rulings: [...desk.rulings, { ...ruling, revision }] };

export const deskNoted = (desk: DeskState, revision: number, note: JudgeNoted): DeskState =>
  desk.notes.some((n) => n.noteId === note.noteId) ? desk : { ...desk, notes: [...desk.notes, { ...note, revision }] };
