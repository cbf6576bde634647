import { Journal, JournalSyncError, MatchlogClient, MatchlogError, NetworkError, browserJournal, pendingBatches } from '@matchlog/client';
import { MatchEvent } from '@matchlog/domain';
import { api } from '../../api/client';
import { callJudge } from '../../ui/call-judge';
import { h, replaceChildren } from '../../dom';
import { MessageKey, t } from '../../i18n';
import { showMissing } from '../../ui/missing-match';
import { openingOf } from '../../opening';
import { pickOne, confirmSheet, UNKNOWN } from '../../record/card-picker';
import { Button, Recorder } from '../../record/games/buttons';
import { screenFor } from '../../record/games/screens';
import * as record from '../../record/recording';
import { Act, cardsIn, zone } from '../../record/recording';
import { sheetOpen } from '../../record/sheet';
import { sentenceOf } from '../../sentence';
import { forgetToken, keepToken, tokenFor } from '../../tokens';
import { store } from '../store';
import { cardChoices, nameChoices } from './choices';
import { Outcome, batchOf, cardNameIn, correctionAt, deckOf, eventNameIn, leakedNames, next, opened, playerName, then } from './state';
import { Seen, buttonsView, paint, recorderAreas, recorderView, tokenView } from './view';

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
  /**
   * The actions the server does not hold yet, one a batch (a tap: a Quest is two events, a Mulligan three, and one
   * action): a batch sent before a reload may wait in the journal though the server has it.
   */
  const unsent = async () => pendingBatches(await journal.read(matchId)).filter((batch) => batch.events.some((event) => !onServer.has(event.id))).length;
  const waiting = pendingBatches(await journal.read(matchId)).flatMap((batch) => batch.events as unknown as MatchEvent[]);
  const page = store(opened(server, waiting, await unsent(), navigator.onLine, new Date()), next);
  const layout = page.get().match.layout;
  if (layout === null) throw new Error(t('recorder.noMatch'));
  const players = layout.playerIds;
  const game = screenFor(layout.ruleset.game);
  const deckName = deckOf(layout);
  const nameOf = (player: string) => playerName(layout, player);
  const cardName = (cardId: string) => cardNameIn(page.get().match, cardId);
  const sentence = (event: MatchEvent) => sentenceOf(event as unknown as { type: string }, nameOf, cardName, (eventId) => eventNameIn(page.get().events, eventId));
  const problem = (text: string) => page.dispatch({ type: 'problem', text });
  const areas = recorderAreas();

  // the journal's work, one step at a time, in the order of the taps
  let chain: Promise<void> = Promise.resolve();
  const later = (step: () => Promise<void>) => {
    chain = chain.then(step).catch((error: unknown) => problem(error instanceof Error ? error.message : String(error)));
  };
  /** Runs one journal step (which journals `journaled` actions first, if any), then counts what waits. */
  const settle = async (work: () => Promise<unknown>, journaled = 0) => {
    page.dispatch({ type: 'worked', outcome: await outcomeOf(work), journaled, at: new Date() });
    page.dispatch({ type: 'counted', unsent: await unsent() });
  };
  const sync = () => later(() => settle(() => journal.sync(sender, matchId)));

  /** Checks the acts with the domain, applies them here at once, and leaves them to the journal. */
  const send = (acts: readonly Act[]): boolean => {
    // a sheet is modal: while one is open, nothing else records
    if (acts.length === 0 || sheetOpen()) return false;
    const batch = batchOf(acts, newId);
    const expectedRevision = page.get().match.revision;
    page.dispatch({ type: 'send', batch });
    if (page.get().events.at(-1) !== batch.at(-1)) return false;
    later(() => settle(() => journal.append(sender, matchId, expectedRevision, batch), 1));
    return true;
  };
  const correct = async (revision: number) => {
    const ok = await confirmSheet(t('recorder.correctAsk', { sentence: sentence(page.get().events[revision - 1]) }), t('recorder.correct'), t('recorder.cancel'));
    if (ok) send(correctionAt(page.get(), revision));
  };
  /** Whether this text may go to every audience: it names no card some audience does not know, or the recorder says send anyway. */
  const mayPublish = async (text: string, leak: MessageKey = 'recorder.leak'): Promise<boolean> => {
    const names = leakedNames(page.get().match, layout, text);
    if (names.length === 0) return true;
    return confirmSheet(t(leak, { cards: names.join(', ') }), t('recorder.sendAnyway'), t('recorder.edit'));
  };
  /** A card of the player's hand (or another hidden zone): named (revealed) or, where allowed, unknown; null when the recorder cancelled. */
  const fromHand = async (title: string, player: string, unknown: boolean, hand = zone('hand', player)): Promise<{ card: record.Named; first: Act[] } | null> => {
    if (cardsIn(page.get().match, hand).length === 0) return (problem(t('recorder.emptyHand')), null);
    const picked = await pickOne(title, nameChoices(page.get().match, player, unknown, hand, zone(deckName, player)));
    if (picked === null) return null;
    const match = page.get().match;
    if (picked === UNKNOWN) return { card: { cardId: cardsIn(match, hand).at(-1)!.cardId }, first: [] };
    // at a paper table the card shown is given its name as it moves: no card is swapped in the log
    const revealed = record.isPaper(match, player) ? record.revealFromHand(match, player, picked, hand) : null;
    if (revealed !== null) return { card: revealed, first: [] };
    const hidden = record.isPaper(match, player) ? null : record.nameHidden(match, page.get().events, hand, picked, deckName);
    if (hidden === null) problem(t('recorder.notThere', { card: picked }));
    return hidden && { card: { cardId: hidden.cardId }, first: hidden.first };
  };
  const withReason = async (build: (reason?: string) => Act[]) => {
    const text = areas.reason.value.trim();
    if (text !== '' && !(await mayPublish(text))) return areas.reason.focus();
    if (send(build(text === '' ? undefined : text))) areas.reason.value = '';
  };
  const recorder: Recorder = {
    state: () => page.get().match,
    acting: () => page.get().acting,
    players,
    random,
    send,
    pickOne,
    confirm: (question, yes) => confirmSheet(question, yes, t('recorder.cancel')),
    cardChoices: (zones) => cardChoices(page.get().match, zones),
    fromHand,
    then: (first, rest) => then(page.get().match, first, rest, newId),
    withReason,
    problem,
    cardName,
  };
  // the game's own buttons (record/games), then the turn and the concession every game has
  const actions: Button[] = [
    ...game.buttons(recorder),
    ['recorder.endTurn', () => (send(record.endTurn(page.get().match)) ? page.dispatch({ type: 'act', player: page.get().match.turn.player ?? page.get().acting }) : undefined)],
    [
      'recorder.concede',
      async () => {
        const asked = await confirmSheet(t('recorder.concedeAsk', { player: nameOf(page.get().acting) }), t('recorder.concede'), t('recorder.cancel'));
        if (asked) send(record.concede(page.get().match, page.get().acting));
      },
    ],
  ];
  const buttons = buttonsView(actions, (run) => (sheetOpen() ? undefined : void run()));
  const seen: Seen = { players, nameOf, seatLine: game.seatLine, sentence };
  const taps = {
    seat: (player: string) => (sheetOpen() ? undefined : page.dispatch({ type: 'act', player })),
    correct: (revision: number) => (sheetOpen() ? undefined : void correct(revision)),
  };
  const draw = () => paint(areas, buttons, page.get(), seen, taps);
  // a journal step's outcome shows once what waits is counted after it
  page.listen((action) => (action.type === 'worked' ? undefined : draw()));
  addEventListener('online', sync);
  addEventListener('offline', () => page.dispatch({ type: 'offline' }));
  // a venue's network comes back without telling the page: try again while anything waits
  setInterval(() => {
    if (page.get().pending > 0) sync();
  }, 5_000);

  // a judge called about the match as recorded so far; the reason passes the free-text warning first
  const caller = token
    ? callJudge(
        matchId,
        token,
        () => page.get().match.revision,
        (text) => mayPublish(text, 'callJudge.leak'),
      )
    : null;
  replaceChildren(root, recorderView(areas, buttons, players.map(nameOf).join(t('sentence.vs')), game.reasonHint, caller));
  draw();
  if (page.get().pending > 0) sync();
};

/** How a journal step ended: status 0 is nothing answered (offline); a server that answers is reached, and says why. */
const outcomeOf = async (work: () => Promise<unknown>): Promise<Outcome> => {
  try {
    await work();
    return { reached: true };
  } catch (error) {
    const cause = error instanceof JournalSyncError ? error.cause : error;
    if (cause instanceof NetworkError && cause.status === 0) return { reached: false, offline: true };
    return { reached: false, offline: false, problem: cause instanceof MatchlogError ? `${cause.message} (${cause.code})` : String(cause) };
  }
};

const askToken = (root: HTMLElement, matchId: string, rejected: boolean) => {
  const input = h('input', { name: 'token', type: 'password', autocomplete: 'off', required: true });
  const submit = (event: Event) => {
    event.preventDefault();
    keepToken(matchId, RECORDER, input.value);
    location.reload();
  };
  replaceChildren(root, tokenView(rejected, input, submit));
  input.focus();
};
