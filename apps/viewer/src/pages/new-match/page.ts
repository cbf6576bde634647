import { MatchlogError } from '@matchlog/client';
import type { CreateMatchData } from '@matchlog/client';
import { api } from '../../api/client';
import { replaceChildren } from '../../dom';
import { renderOrganize, serverAddresses } from '../organize/page';
import { organizeHref } from '../../route';
import { randomSuffix, suggestMatchId } from '../../match-id-suggestion';
import { store } from '../store';
import { Broadcast, bodyOf } from './body';
import { badLinesOf, placeBadLines } from './bad-lines';
import { isGame, seatIds, takesDeckLists } from './seats';
import { SeatControls, clearErrors, focusBadLine, requiredControls, seatControls, seatValues, showErrors } from './seat-fields';
import { broadcastTokenOf, next, opened } from './state';
import { formView, newMatchControls, newMatchView, paintSeats, paintStatus } from './view';

/**
 * The organizer's form before a feature match (/viewer/organize): the game, its players (two, or two to four at a Four
 * Souls table), their deck lists pasted as text or the Four Souls setup, the table and the broadcast. It creates the
 * match with the organizer key (kept in this page's memory only), then shows the organizer's page of the match with
 * the links of the tokens the creation returned, one per seat.
 */
export const renderNewMatch = (root: HTMLElement): void => {
  const c = newMatchControls();
  const page = store(opened, next);
  const seats = new Map<string, SeatControls>();
  const today = new Date().toISOString().slice(0, 10);
  const suffix = randomSuffix();
  const shownSeats = () => seatIds(page.get().seats).map((id) => seats.get(id) ?? seats.set(id, seatControls(id)).get(id)!);
  const drawSeats = () => paintSeats(c, page.get(), shownSeats(), () => page.dispatch({ type: 'seats', by: -1 }));
  page.listen((action, state) => {
    if (action.type === 'game' || action.type === 'seats') drawSeats();
    else paintStatus(c, state);
  });
  c.addSeat.addEventListener('click', () => {
    page.dispatch({ type: 'seats', by: 1 });
    shownSeats().at(-1)?.name.focus();
  });
  c.game.addEventListener('change', () => page.dispatch({ type: 'game', game: isGame(c.game.value) ? c.game.value : 'lorcana' }));

  const form = formView(c);
  const broadcast = () => ((form.querySelector('input[name=broadcast]:checked') as HTMLInputElement | null)?.value ?? 'none') as Broadcast;
  /** as bodyOf sends it: a delay only with a broadcast, and then the match is held back from strangers until it has passed */
  const delayed = () => broadcast() !== 'none' && (Number(c.delay.value) || 0) > 0;
  const suggest = () => {
    if (!page.get().idTyped) c.matchId.value = suggestMatchId(c.event.value, c.round.value, c.table.value, c.gameNumber.value, today, suffix, delayed());
  };
  c.matchId.addEventListener('input', () => page.dispatch({ type: 'idTyped', typed: c.matchId.value !== '' }));
  drawSeats();
  suggest();
  for (const source of [c.event, c.round, c.table, c.gameNumber, c.delay]) source.addEventListener('input', suggest);
  form.addEventListener('change', suggest);

  const values = () => ({
    game: page.get().game,
    seats: shownSeats().map(seatValues),
    sets: c.setup.sets.value,
    bonusSouls: c.setup.bonusSouls.checked,
    event: c.event.value,
    round: c.round.value,
    table: c.table.value,
    gameNumber: c.gameNumber.value,
    bestOf: Number(c.bestOf.value) as 1 | 3 | 5,
    broadcast: broadcast(),
    delayMinutes: c.delay.value,
  });

  form.addEventListener('submit', (submitted) => {
    submitted.preventDefault();
    const missing = [c.key, ...shownSeats().flatMap((seat) => requiredControls(seat, page.get().game)), c.matchId].find((control) => !control.checkValidity());
    if (missing) return (page.dispatch({ type: 'missing' }), missing.focus());
    void create();
  });

  const create = async () => {
    for (const seat of seats.values()) clearErrors(seat);
    page.dispatch({ type: 'creating' });
    const data = bodyOf(values());
    try {
      const client = api(c.key.value.trim());
      // the generated request type knows Lorcana's text lists; Grand Archive's JSON lists and Four Souls' setup go as the server reads them
      const created = await client.createMatch(data as unknown as CreateMatchData, { matchId: c.matchId.value.trim() });
      const server = await serverAddresses(client);
      c.key.value = '';
      history.pushState(null, '', organizeHref(created.matchId));
      // the address now names the match's page, which this module drew from memory: going back draws the form again
      addEventListener('popstate', () => location.reload(), { once: true });
      await renderOrganize(root, created.matchId, {
        match: { matchId: created.matchId, players: data.players.map(({ id, name }) => ({ id, name: name ?? null })) },
        tokens: created.tokens,
        broadcast: broadcastTokenOf(data.broadcastAccess, created.tokens.broadcast),
        server,
      });
    } catch (error) {
      const lines = badLinesOf(error);
      const known = error instanceof MatchlogError;
      const code = known ? error.code : '';
      if (!lines) return page.dispatch({ type: 'failed', code, message: known ? `${error.message} (${error.code})` : String(error) });
      page.dispatch({ type: 'badLines', code, count: lines.length });
      const placed = placeBadLines(lines, takesDeckLists(page.get().game), (id, which) => seats.get(id)?.[which].value ?? '');
      for (const seat of shownSeats())
        showErrors(
          seat,
          placed.filter((line) => line.seat === seat.id),
        );
      const first = placed.find((line) => seats.has(line.seat));
      if (first) focusBadLine(first, seats.get(first.seat)!);
    }
  };

  replaceChildren(root, newMatchView(form, c.status));
  c.key.focus();
};
