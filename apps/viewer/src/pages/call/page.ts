import type { MatchDetail } from '@matchlog/client';
import { api } from '../../api/client';
import { clockOf } from '../../clock';
import { renderClock } from '../../ui/clock-chart';
import { replaceChildren } from '../../dom';
import { language } from '../../i18n';
import { callHref } from '../../route';
import { callCard } from '../../desk/call-card';
import { DeskCall, desk } from '../../desk/desk-api';
import { askDeskSeat } from '../../desk/desk-seat-form';
import { DeskSeat, deskSeat } from '../../desk/desk-seat';
import { renderLedger } from '../../desk/ledger-panel';
import { noteForm, rulingForm } from '../../desk/ruling-form';
import { store } from '../store';
import { DeskRecord, next, opened, penaltiesOf } from './state';
import { callAreas, callView, failedView, findingsView, paintSteps, recordView, seatsView } from './view';

/** The call from the desk's list of the event, or from the match's own list where the address names no event. */
const findCall = async (seat: DeskSeat, matchId: string, callId: string, event: string | undefined): Promise<DeskCall | undefined> => {
  const calls = event ? await desk.calls(seat.key, event, 'all') : await desk.matchCalls(seat.key, matchId);
  return calls.find((c) => c.matchId === matchId && c.callId === callId);
};

/**
 * /viewer/judge/:matchId/:callId?at=N: a call investigated. The match at revision N from both seats side by side,
 * the knowledge ledger then (the remedy helper), the audit's findings near it, the clock; step to N−1 and N+1; the
 * ruling form and a note at the revision shown. The revision is kept in the address, so a reload stays there.
 */
export const renderCall = async (root: HTMLElement, matchId: string, callId: string, event: string | undefined, at: number | undefined): Promise<void> => {
  const seat = deskSeat();
  if (seat === null) return askDeskSeat(root, event);
  const client = api(seat.key);
  const [match, call] = await Promise.all([client.match(matchId) as Promise<MatchDetail>, findCall(seat, matchId, callId, event)]);
  const nameOf = (player: string) => match.players.find((p) => p.id === player)?.name ?? player;
  const page = store(opened(match.revision, call?.at, at), next);
  const areas = callAreas(page.get().callAt);
  const failed = (area: HTMLElement, key: Parameters<typeof failedView>[0]) => (error: unknown) => replaceChildren(area, failedView(key, error));

  const card = callCard(seat, event, () => void refreshCall(), { investigate: false });
  const refreshCall = async () => {
    const found = await findCall(seat, matchId, callId, event).catch(() => undefined);
    if (found) card.update(found);
    void loadClock();
    void loadRecord();
  };
  if (call) card.update(call);

  const go = (revision: number) => page.dispatch({ type: 'go', revision });
  const showFindings = () => replaceChildren(areas.findings, findingsView(page.get(), go));
  const showRecord = () => replaceChildren(areas.record, recordView(page.get(), go, nameOf));
  // the judge's view of the match now (at least at `revision`, the one a note or ruling just reached): its notes and rulings
  const loadRecord = (revision?: number) =>
    client
      .view(matchId, 'judge', revision)
      .then((view) => page.dispatch({ type: 'record', record: (view as { desk?: DeskRecord }).desk }), failed(areas.record, 'call.recordFailed'));
  const loadClock = () => clockOf(matchId, seat.key).then((c) => replaceChildren(areas.clock, renderClock(c, nameOf)), failed(areas.clock, 'judge.clockFailed'));
  const notes = noteForm(
    seat,
    matchId,
    () => page.get().current,
    (revision) => void loadRecord(revision),
  );
  /** The seats' boards and the ledger at the revision shown, once both have come (unless the page has moved on). */
  const draw = async (shown: number) => {
    history.replaceState(null, '', callHref(matchId, callId, event, shown));
    paintSteps(areas, page.get());
    notes.relabel();
    const [views, knowledge] = await Promise.all([
      Promise.all(match.players.map((p) => client.view(matchId, p.id, shown).then((view) => [p.id, view] as const))).catch((error: unknown) => error),
      desk.knowledge(seat.key, matchId, shown).catch((error: unknown) => error as Error),
    ]);
    if (shown !== page.get().current) return;
    if (Array.isArray(views)) replaceChildren(areas.seats, seatsView(views, nameOf));
    else failed(areas.seats, 'call.seatsFailed')(views);
    if (knowledge instanceof Error) failed(areas.ledger, 'call.ledgerFailed')(knowledge);
    else replaceChildren(areas.ledger, renderLedger(knowledge, nameOf, match.audiences));
    showFindings();
    showRecord();
  };
  let drawn = Promise.resolve();
  page.listen((action, state) => {
    if (action.type === 'go') drawn = draw(state.current);
    if (action.type === 'findings') showFindings();
    if (action.type === 'record') showRecord();
  });
  areas.back.addEventListener('click', () => go(page.get().current - 1));
  areas.forward.addEventListener('click', () => go(page.get().current + 1));
  areas.toCall.addEventListener('click', () => go(page.get().callAt));

  replaceChildren(root, callView({ match, callId, event, seat, card: call ? card.element : null, notes: notes.element }, page.get(), areas));
  go(page.get().current);
  await drawn;
  await Promise.all([
    client.audit(matchId, { language: language() }).then((report) => page.dispatch({ type: 'findings', findings: report.findings }), failed(areas.findings, 'match.auditFailed')),
    loadClock(),
    loadRecord(),
    desk
      .penalties()
      .then((vocabulary) => penaltiesOf(vocabulary, match.game))
      .catch(() => undefined)
      .then((penalties) =>
        replaceChildren(
          areas.ruling,
          rulingForm(seat, matchId, call?.callId, match.players, penalties, () => void refreshCall()),
        ),
      ),
  ]);
};
