import { MatchlogError } from '@matchlog/client';
import { api } from '../../api/client';
import { h, replaceChildren } from '../../dom';
import { deskHref } from '../../route';
import { callCard } from '../../desk/call-card';
import { desk } from '../../desk/desk-api';
import { askDeskSeat } from '../../desk/desk-seat-form';
import { DeskSeat, deskSeat, forgetDeskSeat } from '../../desk/desk-seat';
import { renderHistory } from '../../desk/penalty-history';
import { store } from '../store';
import { DeskState, eventNames, keyOf, next, opened } from './state';
import { DeskAreas, deskAreas, deskView, eventOptions, historyFailedView, messageOf, paintStatus } from './view';

/** How often the desk asks for the event's calls: a new call shows within this many milliseconds, without a reload. */
export const POLL_MS = 3000;

/**
 * /viewer/judge?event=…: the head judge's desk. The organizer key and the judge's name, asked once per tab; the event's
 * calls, oldest first, read again every few seconds (each card updated in place, so the focus stays where it was);
 * `?calls=all` lists resolved calls too, `?history=1` shows each player's calls and penalties across the event.
 */
export const renderDesk = async (root: HTMLElement, event: string | undefined, all: boolean, history: boolean): Promise<void> => {
  const seat = deskSeat();
  if (seat === null) return askDeskSeat(root, event);
  const areas = deskAreas(event);
  const submit = (e: Event) => {
    e.preventDefault();
    const chosen = areas.eventInput.value.trim();
    if (chosen !== '') location.href = deskHref(chosen, { all, history });
  };
  void api()
    .matches({ limit: 100 })
    .then((page) => replaceChildren(areas.events, eventOptions(eventNames(page.matches))))
    .catch(() => undefined);
  replaceChildren(root, deskView({ seat, event, all, history }, areas, submit));
  if (event === undefined) return void areas.eventInput.focus();
  const poll = deskPoll(seat, event, all, areas);
  if (history) void loadHistory(seat, event, areas.history);
  await poll.read();
  poll.start();
};

const loadHistory = async (seat: DeskSeat, event: string, area: HTMLElement) => {
  try {
    replaceChildren(area, renderHistory(await desk.history(seat.key, event)));
  } catch (error) {
    replaceChildren(area, historyFailedView(error));
  }
};

/** The list kept in step with the server: cards by call id, created once, updated in place, in the server's order. */
const deskPoll = (seat: DeskSeat, event: string, all: boolean, areas: DeskAreas) => {
  const cards = new Map<string, ReturnType<typeof callCard>>();
  const page = store(opened(all), next);
  const place = (state: DeskState) => {
    const wanted = new Set(state.shown.map(keyOf));
    for (const [key, card] of cards)
      if (!wanted.has(key)) {
        card.element.closest('li')?.remove();
        cards.delete(key);
      }
    state.shown.forEach((c, index) => {
      let card = cards.get(keyOf(c));
      if (card === undefined) {
        card = callCard(seat, event, () => void read());
        cards.set(keyOf(c), card);
      }
      card.update(c);
      const item = card.element.closest('li') ?? h('li', {}, card.element);
      // moved only when out of place: moving a node would drop the focus inside it
      if (areas.list.children[index] !== item) areas.list.insertBefore(item, areas.list.children[index] ?? null);
    });
  };
  page.listen((_, state) => {
    if (state.changed) place(state);
    paintStatus(areas, state);
  });
  const read = async () => {
    try {
      page.dispatch({ type: 'read', calls: await desk.calls(seat.key, event, 'all') });
    } catch (error) {
      // a key the server does not take: forget it, and the desk asks again
      if (error instanceof MatchlogError && error.status === 401) return void (forgetDeskSeat(), location.reload());
      page.dispatch({ type: 'failed', message: messageOf(error), code: error instanceof MatchlogError ? error.code : '' });
    }
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const start = () => {
    const tick = () => {
      timer = setTimeout(() => void read().finally(tick), POLL_MS);
    };
    tick();
    addEventListener('pagehide', () => clearTimeout(timer), { once: true });
  };
  return { read, start };
};
