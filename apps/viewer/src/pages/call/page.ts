import { MatchlogError } from '@matchlog/client';
import type { Finding, MatchDetail, View } from '@matchlog/client';
import { api } from '../../api/client';
import { renderBoard } from '../../ui/board';
import { clockOf } from '../../clock';
import { renderClock } from '../../ui/clock-chart';
import { h, replaceChildren } from '../../dom';
import { renderFindings } from '../../ui/findings';
import { gameName } from '../../games';
import { language, t } from '../../i18n';
import { callHref, deskHref, hrefOf } from '../../route';
import { callCard } from '../../desk/call-card';
import { DeskCall, GamePenalties, desk } from '../../desk/desk-api';
import { askDeskSeat, seatLine } from '../../desk/desk-seat-form';
import { DeskSeat, deskSeat } from '../../desk/desk-seat';
import { renderDeskRecord } from '../../desk/desk-notes';
import { renderLedger } from '../../desk/ledger-panel';
import { noteForm, rulingForm } from '../../desk/ruling-form';

/** Findings this many revisions either side of the one shown are "near" it. */
const NEAR = 10;

const messageOf = (error: unknown) => (error instanceof MatchlogError ? `${error.message} (${error.code})` : String(error));
const failed = (area: HTMLElement, key: Parameters<typeof t>[0]) => (error: unknown) =>
  replaceChildren(area, h('p', { class: 'unavailable', role: 'alert' }, t(key, { message: messageOf(error) })));

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
  const head = match.revision;
  const nameOf = (player: string) => match.players.find((p) => p.id === player)?.name ?? player;
  let current = Math.min(at ?? call?.at ?? head, head);
  const callAt = call?.at ?? current;

  const card = callCard(seat, event, () => void refreshCall(), { investigate: false });
  const refreshCall = async () => {
    const next = await findCall(seat, matchId, callId, event).catch(() => undefined);
    if (next) card.update(next);
    void loadClock();
    void loadRecord();
  };
  if (call) card.update(call);

  const where = h('p', { class: 'revision-line', role: 'status', 'aria-live': 'polite' });
  const back = h('button', { type: 'button', class: 'step-back', 'aria-label': t('call.previousAria') }, t('call.previous'));
  const forward = h('button', { type: 'button', class: 'step-forward', 'aria-label': t('call.nextAria') }, t('call.next'));
  const toCall = h('button', { type: 'button', class: 'to-call' }, t('call.toCall', { revision: callAt }));
  const seats = h('div', { class: 'seats-side-by-side' });
  const ledger = h('div', { class: 'ledger-area' });
  const findingsArea = h('div', { class: 'findings-area' });
  const clock = h('div', { class: 'clock-area' });
  const record = h('div', { class: 'desk-record-area' });
  let deskState: Parameters<typeof renderDeskRecord>[0];
  const showRecord = () =>
    replaceChildren(
      record,
      renderDeskRecord(deskState, current, (r) => void go(r), nameOf),
    );
  // the judge's view of the match now (at least at `revision`, the one a note or ruling just reached): its notes and rulings
  const loadRecord = (revision?: number) =>
    client.view(matchId, 'judge', revision).then((view) => ((deskState = (view as { desk?: typeof deskState }).desk), showRecord()), failed(record, 'call.recordFailed'));
  let findings: Finding[] = [];
  let penalties: GamePenalties | undefined;

  const loadClock = () => clockOf(matchId, seat.key).then((c) => replaceChildren(clock, renderClock(c, nameOf)), failed(clock, 'judge.clockFailed'));
  const showFindings = () =>
    replaceChildren(
      findingsArea,
      renderFindings(
        findings.filter((f) => Math.abs(f.revision - current) <= NEAR),
        current,
        (r) => go(r),
      ),
      h('p', { class: 'hint' }, t('call.findingsNear', { near: NEAR, count: findings.length })),
    );
  const seatView = (player: string, view: View) =>
    h(
      'section',
      { class: 'seat-view', 'data-audience': player, 'aria-labelledby': `seat-${player}` },
      h('h2', { id: `seat-${player}` }, t('call.seatOf', { player: nameOf(player), seat: player })),
      renderBoard(view, nameOf),
    );
  const go = async (revision: number) => {
    current = Math.max(0, Math.min(head, revision));
    history.replaceState(null, '', callHref(matchId, callId, event, current));
    back.disabled = current === 0;
    forward.disabled = current === head;
    where.textContent = current === callAt ? t('call.atCall', { revision: current, head }) : t('call.atOther', { revision: current, head, call: callAt });
    where.setAttribute('data-revision', String(current));
    notes.relabel();
    const shown = current;
    const [views, knowledge] = await Promise.all([
      Promise.all(match.players.map((p) => client.view(matchId, p.id, shown).then((view) => [p.id, view] as const))).catch((error: unknown) => error),
      desk.knowledge(seat.key, matchId, shown).catch((error: unknown) => error as Error),
    ]);
    if (shown !== current) return;
    if (Array.isArray(views))
      replaceChildren(
        seats,
        views.map(([player, view]) => seatView(player, view)),
      );
    else failed(seats, 'call.seatsFailed')(views);
    if (knowledge instanceof Error) failed(ledger, 'call.ledgerFailed')(knowledge);
    else replaceChildren(ledger, renderLedger(knowledge, nameOf, match.audiences));
    showFindings();
    showRecord();
  };
  back.addEventListener('click', () => void go(current - 1));
  forward.addEventListener('click', () => void go(current + 1));
  toCall.addEventListener('click', () => void go(callAt));

  const notes = noteForm(
    seat,
    matchId,
    () => current,
    (revision) => void loadRecord(revision),
  );
  const rulingArea = h('div', { class: 'ruling-area' });
  const title = `${match.players.map((p) => p.name ?? p.id).join(t('sentence.vs'))} — ${gameName(match.game)}`;
  replaceChildren(
    root,
    h('nav', {}, h('a', { href: deskHref(event), class: 'to-desk' }, t('call.toDesk')), ' · ', h('a', { href: hrefOf(matchId, 'public') }, t('call.publicPage'))),
    h('h1', {}, t('call.title', { revision: callAt }), h('span', { class: 'subtitle' }, title)),
    seatLine(seat),
    call ? card.element : h('p', { role: 'alert', 'data-code': 'CALL_NOT_FOUND' }, t('call.notFound', { callId })),
    h('div', { class: 'revision-steps', role: 'group', 'aria-label': t('call.steps') }, back, where, forward, toCall),
    seats,
    h('div', { class: 'investigation' }, ledger, h('div', { class: 'investigation-side' }, findingsArea, clock)),
    rulingArea,
    notes.element,
    record,
  );
  await go(current);
  await Promise.all([
    client.audit(matchId, { language: language() }).then((report) => ((findings = report.findings), showFindings()), failed(findingsArea, 'match.auditFailed')),
    loadClock(),
    loadRecord(),
    desk
      .penalties()
      .then(
        (vocabulary) =>
          (penalties =
            vocabulary.games.find((p) => p.game === match.game) ??
            ({ game: match.game, document: null, penalties: vocabulary.categories, infractions: [], note: '' } as GamePenalties)),
      )
      .catch(() => undefined)
      .then(() =>
        replaceChildren(
          rulingArea,
          rulingForm(seat, matchId, call?.callId, match.players, penalties, () => void refreshCall()),
        ),
      ),
  ]);
};
