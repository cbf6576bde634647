/** Time called for the round and the judge's extensions, as everyone at the table knows them. */
export interface TimeState {
  /** when time was called: the revision and the turn then under way */
  readonly called: { readonly revision: number; readonly turn: number } | null;
  /** turns started since time was called (the turn under way then is not one of them) */
  readonly turnsAfter: number;
  readonly extensions: readonly { readonly revision: number; readonly seconds: number; readonly reason: string }[];
}

export const noTime: TimeState = { called: null, turnsAfter: 0, extensions: [] };

export const timeCalled = (time: TimeState, revision: number, turn: number): TimeState => (time.called !== null ? time : { ...time, called: { revision, turn } });

export const timeExtended = (time: TimeState, revision: number, seconds: number, reason: string): TimeState => ({
  ...time,
  extensions: [...time.extensions, { revision, seconds, reason }],
});

export const turnStartedAfterTime = (time: TimeState): TimeState => (time.called === null ? time : { ...time, turnsAfter: time.turnsAfter + 1 });
