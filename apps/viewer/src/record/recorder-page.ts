import { Journal, JournalSyncError, MatchlogClient, MatchlogError, NetworkError, browserJournal, pendingBatches } from '@matchlog/client';
import { MatchEvent, MatchState, ZoneRef, emptyMatch, evolve, validateBatch } from '@matchlog/domain';
import { api } from '../api/client';
import { h, replaceChildren } from '../dom';
import { MessageKey, t } from '../i18n';
import { sentenceOf } from '../sentence';
import { forgetToken, keepToken, tokenFor } from '../tokens';
import { showMissing } from '../missing-match';
import { openingOf } from '../opening';
import { Choice, UNKNOWN, confirmSheet, pickOne } from './card-picker';
import { endTurnLabel } from './end-turn-label';
import { hiddenNamesIn } from '@matchlog/audit/matcher';
import { callJudge } from '../call-judge';
import { sheetOpen } from './sheet';
import { syncLine, syncState } from './sync-status';
import * as record from './recording';
import { Act, cardsIn, zone } from './recording';
import { Button, Recorder } from './games/buttons';
import { cardLabel } from './games/labels';
import { screenFor } from './games/screens';

const RECORDER = 'recorder';

/** A random number in [0, 1) from the browser's cryptographic source: shuffles are drawn here, outside the domain. */
const random = (): number => crypto.getRandomValues(new Uint32Array(1))[0] / 2 ** 32;

const newId = (): string => `rec-${crypto.randomUUID()}`;

/**
 * The recorder's screen (/viewer/record/:matchId): a scorekeeper beside a paper table records the game as it is
 * played, one tap per action, on a phone. Each action becomes the domain's events, checked by the domain's own
 * validate, written to the browser's journal (IndexedDB) and sent from there: offline, they wait in the journal
 * and are sent in order when the network returns, each once (the journal keeps their ids).
 */
export const renderRecorder = async (root: HTMLElement, matchId: string): Promise<void> => {
  const token = tokenFor(matchId, RECORDER);
  if (token === undefined) {
    // a match the API does not know: nothing to ask a token for
    const found = await api()
      .match(matchId)
      .then(
        () => undefined,
        (error: unknown) => (error instanceof MatchlogError && error.status === 404 ? null : undefined),
      );
    if (openingOf(found, RECORDER, true, { kept: false }).show === 'noMatch') return showMissing(root, matchId);
    return askToken(root, matchId, false);
  }
  const reader = api(token);
  // one try per send: offline, the journal keeps the batch and the screen goes on at once
  const sender = new MatchlogClient({ baseUrl: location.origin, token, retry: { attempts: 1 } });
  const journal: Journal = browserJournal(`matchlog.recorder.${matchId}`);

  let server: MatchEvent[];
  try {
    server = (await reader.events(matchId, 'judge')).observations.map((entry) => entry.observation as unknown as MatchEvent);
  } catch (error) {
    if (error instanceof MatchlogError && (error.status === 401 || error.status === 403)) {
      // a token the API refused: forgotten, and asked for again
      forgetToken(matchId, RECORDER);
      return askToken(root, matchId, true);
    }
    throw error;
  }
  const onServer = new Set(server.map((event) => event.id));
  const waiting = async () => pendingBatches(await journal.read(matchId)).flatMap((batch) => batch.events as unknown as MatchEvent[]);
  /** the match as the server has it, then what waits in the journal */
  const events: MatchEvent[] = [...server, ...(await waiting()).filter((event) => !onServer.has(event.id))];
  /** the match after each number of events: history[n] after the first n */
  const history: MatchState[] = [emptyMatch];
  for (const event of events) history.push(evolve(history[history.length - 1], event));
  let state: MatchState = history[history.length - 1];
  const layout = state.layout;
  if (layout === null) throw new Error(t('recorder.noMatch'));
  const players = layout.playerIds;
  const game = screenFor(layout.ruleset.game);
  /** the player's own deck, where a card named as it is shown was drawn from */
  const deckName = layout.ruleset.game === 'grand-archive' ? 'main-deck' : 'deck';
  const nameOf = (player: string) => layout.players.find((p) => p.id === player)?.name ?? player;
  /** the card's name as the log holds it now; null for one nobody has identified */
  const cardName = (cardId: string): string | null => {
    const index = layout.cardIndex.get(cardId);
    return index === undefined ? cardId : state.cards[index].definition;
  };
  /** an event as the judge's log and the audit name it: by its revision, "#12" */
  const eventName = (eventId: string) => {
    const index = events.findIndex((event) => event.id === eventId);
    return index < 0 ? eventId : `#${index + 1}`;
  };
  const sentence = (event: MatchEvent) => sentenceOf(event as unknown as { type: string }, nameOf, cardName, eventName);
  let acting = state.turn.player ?? players[0];
  /**
   * The actions the server does not hold yet, one a batch (a tap: a Quest is two events, a Mulligan three, and one
   * action): a batch sent before a reload may wait in the journal though the server has it.
   */
  const unsent = async () => pendingBatches(await journal.read(matchId)).filter((batch) => batch.events.some((event) => !onServer.has(event.id))).length;
  let pending = await unsent();
  // the page has just read the match from the server: that is a sync, and what waits is what the server lacks
  let lastSynced: Date | null = new Date();
  let online = navigator.onLine;
  let problem = '';

  const seats = h('div', { class: 'seats', role: 'group', 'aria-label': t('recorder.acting') });
  const turn = h('p', { class: 'turn-line' });
  const status = h('p', { class: 'sync-status', role: 'status', 'aria-live': 'polite' });
  // offline at a glance: a banner across the top, and the whole screen marked
  const offlineBanner = h('p', { class: 'offline-banner', role: 'alert' });
  const screen = h('div', { class: 'recorder' });
  const alert = h('p', { class: 'recorder-alert', role: 'alert' });
  const recent = h('ol', { class: 'recent', 'aria-label': t('recorder.recent') });
  const reason = h('input', { type: 'text', class: 'reason', maxlength: 200, 'aria-label': t('recorder.reason'), placeholder: t('recorder.reason') });

  const draw = () => {
    replaceChildren(
      seats,
      players.map((player) =>
        h(
          'button',
          {
            type: 'button',
            class: 'seat',
            'aria-pressed': String(player === acting),
            'data-player': player,
            onclick: () => (sheetOpen() ? undefined : ((acting = player), draw())),
          },
          h('span', { class: 'seat-name' }, nameOf(player)),
          h('span', { class: 'seat-lore' }, game.seatLine(state, player)),
        ),
      ),
    );
    turn.textContent = state.ended
      ? t('recorder.ended')
      : state.turn.player === null
        ? t('recorder.beforeTurns')
        : t('recorder.turn', { turn: state.turn.number, player: nameOf(state.turn.player) });
    const facts = { online, pending, lastSynced };
    status.textContent = syncLine(facts);
    status.setAttribute('data-sync', syncState(facts));
    offlineBanner.textContent = online ? '' : t('recorder.offlineBanner');
    screen.classList.toggle('is-offline', !online);
    const endTurnButton = buttons.querySelector('[data-action=endTurn]');
    if (endTurnButton) endTurnButton.textContent = endTurnLabel(state, nameOf);
    status.setAttribute('data-pending', String(pending));
    // every tap is in the browser's journal: a reload now loses none of them
    status.setAttribute('data-journaled', String(unjournaled === 0));
    status.setAttribute('data-revision', String(state.revision));
    alert.textContent = problem;
    replaceChildren(
      recent,
      events
        .map((event, i) => ({ event, revision: i + 1 }))
        .slice(-8)
        .reverse()
        .map(({ event, revision }) => {
          const text = sentence(event);
          const undoable = record.correct(history[revision - 1], event).length > 0;
          return h(
            'li',
            { 'data-revision': revision },
            h('span', { class: 'recent-text' }, `#${revision} ${text}`),
            undoable
              ? h(
                  'button',
                  {
                    type: 'button',
                    class: 'correct',
                    'aria-label': t('recorder.correctOne', { sentence: text }),
                    onclick: () => (sheetOpen() ? undefined : void correct(revision)),
                  },
                  t('recorder.correct'),
                )
              : null,
          );
        }),
    );
  };

  // the journal's work, one step at a time, in the order of the taps
  let chain: Promise<void> = Promise.resolve();
  const later = (step: () => Promise<void>) => {
    chain = chain.then(step).catch((error: unknown) => {
      problem = error instanceof Error ? error.message : String(error);
      draw();
    });
  };
  /** actions tapped whose journal step has not run yet: they wait too */
  let unjournaled = 0;
  /** Runs one journal step (which journals `journaled` actions first, if any), then counts what waits. */
  const settle = async (work: () => Promise<unknown>, journaled = 0) => {
    try {
      await work();
      online = true;
      lastSynced = new Date();
    } catch (error) {
      const cause = error instanceof JournalSyncError ? error.cause : error;
      // status 0: nothing answered; a server that answers (a 503 behind a proxy, say) is reached, and says why
      if (cause instanceof NetworkError && cause.status === 0) online = false;
      else problem = cause instanceof MatchlogError ? `${cause.message} (${cause.code})` : String(cause);
    }
    unjournaled -= journaled;
    pending = (await unsent()) + unjournaled;
    draw();
  };
  const sync = () => later(() => settle(() => journal.sync(sender, matchId)));
  addEventListener('online', sync);
  addEventListener('offline', () => ((online = false), draw()));
  // a venue's network comes back without telling the page: try again while anything waits
  setInterval(() => {
    if (pending > 0) sync();
  }, 5_000);

  /** Checks the acts with the domain, applies them here at once, and leaves them to the journal. */
  const send = (acts: readonly Act[]): boolean => {
    // a sheet is modal: while one is open, nothing else records
    if (acts.length === 0 || sheetOpen()) return false;
    const batch = acts.map((act) => ({ id: newId(), type: act.type, data: act.data }) as MatchEvent);
    const verdict = validateBatch(state, batch);
    if (!verdict.ok) {
      problem = t('recorder.refused', { message: verdict.error.message });
      draw();
      return false;
    }
    const expectedRevision = state.revision;
    for (const event of batch) {
      events.push(event);
      history.push(evolve(history[history.length - 1], event));
    }
    state = verdict.state;
    problem = '';
    // one action, however many events it records
    pending += 1;
    unjournaled += 1;
    draw();
    later(() => settle(() => journal.append(sender, matchId, expectedRevision, batch), 1));
    return true;
  };

  const correct = async (revision: number) => {
    const before = history[revision - 1];
    const event = events[revision - 1];
    const ok = await confirmSheet(t('recorder.correctAsk', { sentence: sentence(event) }), t('recorder.correct'), t('recorder.cancel'));
    if (ok) send(record.correct(before, event));
  };

  /** Whether this text may go to every audience: it names no card some audience does not know, or the recorder says send anyway. */
  const mayPublish = async (text: string, leak: MessageKey = 'recorder.leak'): Promise<boolean> => {
    const names = hiddenNamesIn(state, text, [...layout.players.flatMap((p) => (p.name ? [p.name] : [])), ...(layout.tournament?.event ? [layout.tournament.event] : [])]);
    if (names.length === 0) return true;
    return confirmSheet(t(leak, { cards: names.join(', ') }), t('recorder.sendAnyway'), t('recorder.edit'));
  };

  /** the cards of public zones, as they lie */
  const cardChoices = (zones: readonly ZoneRef[]): Choice[] =>
    zones.flatMap((ref) => cardsIn(state, ref).map((card) => ({ value: card.cardId, label: cardLabel(card), name: card.definition ?? '' })));
  /** a hidden zone: the names the card shown may have (record.namesFor), the recorder taps the one shown */
  const nameChoices = (player: string, unknown: boolean, from: ZoneRef, deck: ZoneRef): Choice[] => {
    const names = record.namesFor(state, player, from, deck);
    return [...(unknown ? [{ value: UNKNOWN, label: t('recorder.unknownCard'), name: '' }] : []), ...names.map((name) => ({ value: name, label: name, name }))];
  };
  /** A card of the player's hand (or another hidden zone): named (revealed) or, where allowed, unknown; null when the recorder cancelled. */
  const fromHand = async (title: string, player: string, unknown: boolean, hand: ZoneRef = zone('hand', player)): Promise<{ card: record.Named; first: Act[] } | null> => {
    if (cardsIn(state, hand).length === 0) return ((problem = t('recorder.emptyHand')), draw(), null);
    const picked = await pickOne(title, nameChoices(player, unknown, hand, zone(deckName, player)));
    if (picked === null) return null;
    if (picked === UNKNOWN) return { card: { cardId: cardsIn(state, hand).at(-1)!.cardId }, first: [] };
    // at a paper table the card shown is given its name as it moves: no card is swapped in the log
    const revealed = record.isPaper(state, player) ? record.revealFromHand(state, player, picked, hand) : null;
    if (revealed !== null) return { card: revealed, first: [] };
    const hidden = record.isPaper(state, player) ? null : record.nameHidden(state, events, hand, picked, deckName);
    const named = hidden && { card: { cardId: hidden.cardId }, first: hidden.first };
    if (named === null) {
      problem = t('recorder.notThere', { card: picked });
      draw();
    }
    return named;
  };
  /** the first acts, applied to a copy, then the rest built on the match after them */
  const then = (first: Act[], rest: (after: MatchState) => Act[]): Act[] => {
    if (first.length === 0) return rest(state);
    const batch = first.map((act) => ({ id: newId(), type: act.type, data: act.data }) as MatchEvent);
    const verdict = validateBatch(state, batch);
    return verdict.ok ? [...first, ...rest(verdict.state)] : first;
  };
  const withReason = async (build: (reason?: string) => Act[]) => {
    const text = reason.value.trim();
    if (text !== '' && !(await mayPublish(text))) return reason.focus();
    if (send(build(text === '' ? undefined : text))) reason.value = '';
  };
  const recorder: Recorder = {
    state: () => state,
    acting: () => acting,
    players,
    random,
    send,
    pickOne,
    confirm: (question, yes) => confirmSheet(question, yes, t('recorder.cancel')),
    cardChoices,
    fromHand,
    then,
    withReason,
    problem: (text) => ((problem = text), draw()),
    cardName: (cardId) => cardName(cardId),
  };

  // the game's own buttons (record/games), then the turn and the concession every game has
  const actions: Button[] = [
    ...game.buttons(recorder),
    ['recorder.endTurn', () => (send(record.endTurn(state)) ? ((acting = state.turn.player ?? acting), draw()) : undefined)],
    [
      'recorder.concede',
      async () => {
        if (await confirmSheet(t('recorder.concedeAsk', { player: nameOf(acting) }), t('recorder.concede'), t('recorder.cancel'))) send(record.concede(state, acting));
      },
    ],
  ];
  const buttons = h(
    'div',
    { class: 'actions', role: 'group', 'aria-label': t('recorder.actions') },
    actions.map(([key, run]) =>
      h('button', { type: 'button', class: 'action', 'data-action': key.slice('recorder.'.length), onclick: () => (sheetOpen() ? undefined : void run()) }, t(key)),
    ),
  );

  replaceChildren(
    root,
    replaced(
      screen,
      offlineBanner,
      h('h1', {}, t('recorder.title', { players: players.map(nameOf).join(t('sentence.vs')) })),
      status,
      turn,
      seats,
      alert,
      buttons,
      game.reasonHint === null ? null : h('label', { class: 'reason-label' }, t(game.reasonHint), reason),
      // a judge called about the match as recorded so far; the reason passes the free-text warning first
      token
        ? callJudge(
            matchId,
            token,
            () => state.revision,
            (text) => mayPublish(text, 'callJudge.leak'),
          )
        : null,
      h('section', { class: 'recent-area' }, h('h2', {}, t('recorder.recent')), recent),
    ),
  );
  draw();
  if (pending > 0) sync();
};

/** The element, its children replaced. */
const replaced = (element: HTMLElement, ...children: Parameters<typeof replaceChildren>[1][]): HTMLElement => (replaceChildren(element, ...children), element);

const askToken = (root: HTMLElement, matchId: string, rejected: boolean) => {
  const input = h('input', { name: 'token', type: 'password', autocomplete: 'off', required: true });
  const form = h('form', { 'aria-label': t('token.form') }, h('label', {}, t('recorder.tokenLabel'), input), h('button', { type: 'submit' }, t('token.open')));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    keepToken(matchId, RECORDER, input.value);
    location.reload();
  });
  replaceChildren(root, h('h1', {}, t('recorder.tokenTitle')), rejected ? h('p', { role: 'alert' }, t('token.rejected')) : null, h('p', {}, t('recorder.tokenHint')), form);
  input.focus();
};
