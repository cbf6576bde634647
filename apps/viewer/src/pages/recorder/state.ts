import { MatchEvent, MatchState, emptyMatch, evolve, validateBatch } from '@matchlog/domain';
import { hiddenNamesIn } from '@matchlog/audit/matcher';
import { t } from '../../i18n';
import * as record from '../../record/recording';
import { Act } from '../../record/recording';

type Layout = NonNullable<MatchState['layout']>;

/** The recorder's screen: the match as recorded here, who acts, and how its journal stands against the server. */
export interface RecorderState {
  /** the match as the server has it, then what this phone recorded after */
  readonly events: readonly MatchEvent[];
  /** the match after each number of events: history[n] after the first n */
  readonly history: readonly MatchState[];
  readonly match: MatchState;
  readonly acting: string;
  /** actions the server does not hold yet, one a tap (however many events it records) */
  readonly pending: number;
  /** actions tapped whose journal step has not run yet: they wait too */
  readonly unjournaled: number;
  readonly online: boolean;
  readonly lastSynced: Date | null;
  /** what went wrong last, on the screen until the next action is recorded */
  readonly problem: string;
}

/** How a journal step (an append, a sync) ended. */
export type Outcome =
  { readonly reached: true } | { readonly reached: false; readonly offline: true } | { readonly reached: false; readonly offline: false; readonly problem: string };

export type RecorderAction =
  | { readonly type: 'act'; readonly player: string }
  | { readonly type: 'send'; readonly batch: readonly MatchEvent[] }
  | { readonly type: 'problem'; readonly text: string }
  | { readonly type: 'offline' }
  /** a journal step ran, having journaled `journaled` taps; `at`: when */
  | { readonly type: 'worked'; readonly outcome: Outcome; readonly journaled: number; readonly at: Date }
  /** what the journal holds that the server lacks, counted after a step */
  | { readonly type: 'counted'; readonly unsent: number };

/**
 * The screen as it opens: the server's events, then those waiting in the journal the server has not got; the page
 * has just read the match from the server, which is a sync.
 */
export const opened = (server: readonly MatchEvent[], waiting: readonly MatchEvent[], unsent: number, online: boolean, now: Date): RecorderState => {
  const onServer = new Set(server.map((event) => event.id));
  const events = [...server, ...waiting.filter((event) => !onServer.has(event.id))];
  const history: MatchState[] = [emptyMatch];
  for (const event of events) history.push(evolve(history[history.length - 1], event));
  const match = history[history.length - 1];
  const acting = match.turn.player ?? match.layout?.playerIds[0] ?? '';
  return { events, history, match, acting, pending: unsent, unjournaled: 0, online, lastSynced: now, problem: '' };
};

export const next = (state: RecorderState, action: RecorderAction): RecorderState => {
  switch (action.type) {
    case 'act':
      return { ...state, acting: action.player };
    case 'send':
      return sent(state, action.batch);
    case 'problem':
      return { ...state, problem: action.text };
    case 'offline':
      return { ...state, online: false };
    case 'worked':
      return { ...worked(state, action.outcome, action.at), unjournaled: state.unjournaled - action.journaled };
    case 'counted':
      return { ...state, pending: action.unsent + state.unjournaled };
  }
};

/** The batch checked by the domain: refused, it is the problem shown; accepted, the match goes on at once and it waits for the journal. */
const sent = (state: RecorderState, batch: readonly MatchEvent[]): RecorderState => {
  const verdict = validateBatch(state.match, [...batch]);
  if (!verdict.ok) return { ...state, problem: t('recorder.refused', { message: verdict.error.message }) };
  const history = [...state.history];
  for (const event of batch) history.push(evolve(history[history.length - 1], event));
  return { ...state, events: [...state.events, ...batch], history, match: verdict.state, problem: '', pending: state.pending + 1, unjournaled: state.unjournaled + 1 };
};

const worked = (state: RecorderState, outcome: Outcome, at: Date): RecorderState => {
  if (outcome.reached) return { ...state, online: true, lastSynced: at };
  // nothing answered; a server that answers (a 503 behind a proxy, say) is reached, and says why
  return outcome.offline ? { ...state, online: false } : { ...state, problem: outcome.problem };
};

/** The acts as events, each with a new id. */
export const batchOf = (acts: readonly Act[], newId: () => string): MatchEvent[] => acts.map((act) => ({ id: newId(), type: act.type, data: act.data }) as MatchEvent);

/** The last `count` events, latest first, each with its revision and whether it can be corrected. */
export const recentOf = (state: RecorderState, count = 8) =>
  state.events
    .map((event, i) => ({ event, revision: i + 1 }))
    .slice(-count)
    .reverse()
    .map(({ event, revision }) => ({ event, revision, undoable: record.correct(state.history[revision - 1], event).length > 0 }));

/** The acts that correct the event at `revision`. */
export const correctionAt = (state: RecorderState, revision: number): Act[] => record.correct(state.history[revision - 1], state.events[revision - 1]);

/** the player's own deck, where a card named as it is shown was drawn from */
export const deckOf = (layout: Layout): string => (layout.ruleset.game === 'grand-archive' ? 'main-deck' : 'deck');

export const playerName = (layout: Layout, player: string): string => layout.players.find((p) => p.id === player)?.name ?? player;

/** the card's name as the log holds it now; null for one nobody has identified */
export const cardNameIn = (match: MatchState, cardId: string): string | null => {
  const index = match.layout?.cardIndex.get(cardId);
  return index === undefined ? cardId : match.cards[index].definition;
};

/** an event as the judge's log and the audit name it: by its revision, "#12" */
export const eventNameIn = (events: readonly MatchEvent[], eventId: string): string => {
  const index = events.findIndex((event) => event.id === eventId);
  return index < 0 ? eventId : `#${index + 1}`;
};

/** The card names in the text some audience does not know (the players' and the event's names are not card names). */
export const leakedNames = (match: MatchState, layout: Layout, text: string): string[] =>
  hiddenNamesIn(match, text, [...layout.players.flatMap((p) => (p.name ? [p.name] : [])), ...(layout.tournament?.event ? [layout.tournament.event] : [])]);

/** the first acts, applied to a copy, then the rest built on the match after them */
export const then = (match: MatchState, first: Act[], rest: (after: MatchState) => Act[], newId: () => string): Act[] => {
  if (first.length === 0) return rest(match);
  const verdict = validateBatch(match, batchOf(first, newId));
  return verdict.ok ? [...first, ...rest(verdict.state)] : first;
};
