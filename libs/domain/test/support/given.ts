import { DomainErrorCode, MatchEvent, MatchState, Replay, emptyMatch, evolve, validateBatch } from '@matchlog/domain';

/** given(history).when(events).then...: the domain's decide-and-evolve cycle, as a test reads it. */
export const given = (...history: MatchEvent[]) => {
  const before = foldValid(history);
  return {
    state: before,
    when: (...events: MatchEvent[]) => ({
      thenAccepted: (): MatchState => {
        const verdict = validateBatch(before, events);
        if (!verdict.ok) throw new Error(`expected acceptance, got ${JSON.stringify(verdict.error)}`);
        return verdict.state;
      },
      thenRejected: (code: DomainErrorCode, rule: string, path?: string) => {
        const verdict = validateBatch(before, events);
        expect(verdict.ok).toBe(false);
        if (verdict.ok) return;
        expect(verdict.error.code).toBe(code);
        expect(verdict.error.rule).toBe(rule);
        if (path !== undefined) expect(verdict.error.path).toBe(path);
        return verdict.error;
      },
    }),
    replay: (...events: MatchEvent[]) => new Replay([...history, ...events]),
  };
};

/** Folds a history that must be valid: a test whose setup is itself invalid should fail loudly. */
export const foldValid = (events: readonly MatchEvent[]): MatchState => {
  const verdict = validateBatch(emptyMatch, events);
  if (!verdict.ok) throw new Error(`invalid test history: ${JSON.stringify(verdict.error)}`);
  return events.reduce(evolve, emptyMatch);
};
