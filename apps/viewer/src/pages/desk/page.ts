import { MatchlogError } from '@matchlog/client';
import { api } from '../../api/client';
import { h, replaceChildren } from '../../dom';
import { t } from '../../i18n';
import { deskHref } from '../../route';
import { callCard } from '../../desk/call-card';
import { DeskCall, desk } from '../../desk/desk-api';
import { askDeskSeat, seatLine } from '../../desk/desk-seat-form';
import { DeskSeat, deskSeat, forgetDeskSeat } from '../../desk/desk-seat';
import { renderHistory } from '../../desk/penalty-history';

/** How often the desk asks for the event's calls: a new call shows within this many milliseconds, without a reload. */
export const POLL_MS = 3000;

const messageOf = (error: unknown) => (error instanceof MatchlogError ? `${error.message} (${error.code})` : String(error));

/**
 * /viewer/judge?event=…: the head judge's desk. The organizer key and the judge's name, asked once per tab; the event's
 * calls, oldest first, read again every few seconds (each card updated in place, so the focus stays where it was);
 * `?calls=all` lists resolved calls too, `?history=1` shows each player's calls and penalties across the event.
 */
export const renderDesk = async (root: HTMLElement, event: string | undefined, all: boolean, history: boolean): Promise<void> => {
  const seat = deskSeat();
  if (seat === null) return askDeskSeat(root, event);
  const eventInput = h('input', { type: 'text', name: 'event', value: event ?? '', required: true, list: 'desk-events', autocomplete: 'off' });
  const events = h('datalist', { id: 'desk-events' });
  const eventForm = h(
    'form',
    { class: 'desk-event', 'aria-label': t('desk.eventForm') },
    h('label', {}, t('desk.event'), eventInput),
    events,
    h('button', { type: 'submit' }, t('desk.showEvent')),
  );
  eventForm.addEventListener('submit', (e) => {
    e.preventDefault();
    if (eventInput.value.trim() !== '') location.href = deskHref(eventInput.value.trim(), { all, history });
  });
  void api()
    .matches({ limit: 100 })
    .then((page) => {
      const names = [...new Set(page.matches.flatMap((m) => (m.tournament.event ? [m.tournament.event] : [])))];
      replaceChildren(
        events,
        names.map((name) => h('option', { value: name })),
      );
    })
    .catch(() => undefined);
  const heading = h('h1', {}, event ? t('desk.titleOf', { event }) : t('desk.title'));
  const nav = h('nav', {}, h('a', { href: '/viewer/' }, t('nav.matches')));
  if (event === undefined) {
    replaceChildren(root, nav, heading, seatLine(seat), eventForm);
    return void eventInput.focus();
  }
  const status = h('p', { class: 'desk-status', role: 'status', 'aria-live': 'polite' });
  const list = h('ol', { class: 'calls', 'aria-label': t('desk.calls') });
  const empty = h('p', { class: 'calls-empty' });
  const views = h(
    'p',
    { class: 'desk-views' },
    h('a', { href: deskHref(event, { all: !all, history }), class: 'toggle-all' }, all ? t('desk.openOnly') : t('desk.showAll')),
    ' · ',
    h('a', { href: deskHref(event, { all, history: !history }), class: 'toggle-history' }, history ? t('desk.hideHistory') : t('desk.showHistory')),
  );
  const historyArea = h('div', { class: 'history-area' });
  replaceChildren(
    root,
    nav,
    heading,
    seatLine(seat),
    eventForm,
    views,
    status,
    h('section', { class: 'desk-calls', 'aria-labelledby': 'calls-title' }, h('h2', { id: 'calls-title' }, t('desk.calls')), empty, list),
    historyArea,
  );
  const poll = deskPoll(seat, event, all, list, empty, status);
  if (history) void loadHistory(seat, event, historyArea);
  await poll.read();
  poll.start();
};

const loadHistory = async (seat: DeskSeat, event: string, area: HTMLElement) => {
  try {
    replaceChildren(area, renderHistory(await desk.history(seat.key, event)));
  } catch (error) {
    replaceChildren(area, h('p', { role: 'alert' }, t('desk.historyFailed', { message: messageOf(error) })));
  }
};

/** The list kept in step with the server: cards by call id, created once, updated in place, in the server's order. */
const deskPoll = (seat: DeskSeat, event: string, all: boolean, list: HTMLElement, empty: HTMLElement, status: HTMLElement) => {
  const cards = new Map<string, ReturnType<typeof callCard>>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = '';
  const read = async () => {
    let calls: readonly DeskCall[];
    try {
      calls = await desk.calls(seat.key, event, 'all');
    } catch (error) {
      // a key the server does not take: forget it, and the desk asks again
      if (error instanceof MatchlogError && error.status === 401) return void (forgetDeskSeat(), location.reload());
      status.setAttribute('data-code', error instanceof MatchlogError ? error.code : '');
      status.textContent = t('desk.readFailed', { message: messageOf(error) });
      return;
    }
    status.removeAttribute('data-code');
    const shown = all ? calls : calls.filter((c) => c.status !== 'resolved');
    const open = calls.filter((c) => c.status !== 'resolved').length;
    status.textContent = open === 1 ? t('desk.openOne') : t('desk.openMany', { count: open });
    status.setAttribute('data-open', String(open));
    const signature = JSON.stringify(shown);
    if (signature === last) return;
    last = signature;
    const keyOf = (c: DeskCall) => `${c.matchId}\u0000${c.callId}`;
    const wanted = new Set(shown.map(keyOf));
    for (const [key, card] of cards)
      if (!wanted.has(key)) {
        card.element.closest('li')?.remove();
        cards.delete(key);
      }
    shown.forEach((c, index) => {
      let card = cards.get(keyOf(c));
      if (card === undefined) {
        card = callCard(seat, event, () => void read());
        cards.set(keyOf(c), card);
      }
      card.update(c);
      const item = card.element.closest('li') ?? h('li', {}, card.element);
      // moved only when out of place: moving a node would drop the focus inside it
      if (list.children[index] !== item) list.insertBefore(item, list.children[index] ?? null);
    });
    empty.textContent = shown.length === 0 ? (all ? t('desk.noCalls') : t('desk.noOpenCalls')) : '';
  };
  const start = () => {
    const tick = () => {
      timer = setTimeout(() => void read().finally(tick), POLL_MS);
    };
    tick();
    addEventListener('pagehide', () => clearTimeout(timer), { once: true });
  };
  return { read, start };
};
