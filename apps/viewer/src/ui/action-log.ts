import { MatchlogClient } from '@matchlog/client';
import { h, replaceChildren } from '../dom';
import { t } from '../i18n';
import { groupKey, groupSentence } from '../sentence';

type Observed = { type: string; [field: string]: unknown };

export interface ActionLog {
  readonly element: HTMLElement;
  /** the entry of this revision is the current one, scrolled into the list's sight */
  at(revision: number): void;
  /** the observations up to `head` this audience has not had yet */
  extend(head: number): Promise<void>;
}

const turnOf = (o: Observed): number | undefined => {
  if (o.type !== 'TurnStarted') return undefined;
  const data = ('data' in o ? o.data : o) as { turn?: number };
  return data.turn;
};

/** The step of an imported replay a judge's event came from (meta.step): observations of other audiences carry none. */
const stepOf = (o: Observed): number | undefined => {
  const step = (o.meta as { step?: unknown } | undefined)?.step;
  return typeof step === 'number' ? step : undefined;
};

/**
 * The match as sentences, one button per action: a revision, or the revisions one action made that one sentence says
 * (groupKey: "Ink paid: 5 cards exerted"). For the judge, an imported event names the replay's step beside its revision (GET /matches/:id/events as this audience: the same
 * observations the page's views come from), a heading per turn. A click goes to that revision.
 */
export const actionLog = (
  client: MatchlogClient,
  matchId: string,
  audience: string,
  nameOf: (player: string) => string,
  cardName: (cardId: string) => string,
  go: (revision: number) => void,
): ActionLog => {
  const list = h('ol', { class: 'log-entries' });
  const element = h('section', { class: 'action-log', 'aria-label': t('log.label') }, h('h2', {}, t('log.title')), list);
  const entries = new Map<number, HTMLElement>();
  let loaded = 0;
  let current = -1;
  /** the judge's events by id, so a correction names the revision it corrects */
  const revisions = new Map<string, number>();
  const eventName = (id: string) => (revisions.has(id) ? `#${revisions.get(id)}` : id);
  /** the last entry, which the next revision may join */
  let last: { key: string | null; revisions: number[]; observations: Observed[]; item: HTMLElement } | undefined;
  const render = (group: { revisions: number[]; observations: Observed[] }) => {
    const first = group.revisions[0];
    const end = group.revisions[group.revisions.length - 1];
    const [observation] = group.observations;
    const turn = turnOf(observation);
    const step = stepOf(observation);
    const here = group.revisions.includes(current);
    // the sentence for reading, the type the API names it by on hover; a click goes to the state after the action
    const button = h(
      'button',
      { type: 'button', title: observation.type, onclick: () => go(end) },
      h('span', { class: 'revision' }, end > first ? `#${first}–#${end}` : `#${first}`),
      ...(step !== undefined ? [' ', h('span', { class: 'step', title: t('log.stepTitle', { step }) }, t('log.step', { step }))] : []),
      ' ',
      groupSentence(group.observations, nameOf, cardName, eventName),
    );
    const item = h('li', { class: `log-entry${turn !== undefined ? ' turn' : ''}${here ? ' here' : ''}`, 'data-revision': end }, button);
    if (here) button.setAttribute('aria-current', 'step');
    for (const revision of group.revisions) entries.set(revision, item);
    return item;
  };
  /** a new item for the revision, or null when it joined the last one (which is drawn again in place) */
  const entry = (revision: number, observation: Observed): HTMLElement | null => {
    if (typeof observation.id === 'string') revisions.set(observation.id, revision);
    const key = groupKey(observation);
    if (last !== undefined && key !== null && last.key === key && stepOf(last.observations[0]) === stepOf(observation)) {
      last.revisions.push(revision);
      last.observations.push(observation);
      const item = render(last);
      last.item.replaceWith(item);
      last.item = item;
      return null;
    }
    last = { key, revisions: [revision], observations: [observation], item: h('li') };
    last.item = render(last);
    return last.item;
  };
  const at = (revision: number) => {
    const before = entries.get(current);
    before?.classList.remove('here');
    before?.querySelector('button')?.removeAttribute('aria-current');
    current = revision;
    const item = entries.get(revision);
    if (!item) return;
    item.classList.add('here');
    item.querySelector('button')?.setAttribute('aria-current', 'step');
    // the list scrolls, not the page: scrollIntoView would move the board out of sight
    // the list is positioned: it is its entries' offsetParent
    const top = item.offsetTop;
    if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top - list.clientHeight / 2;
  };
  let pending = Promise.resolve();
  const extend = (head: number) =>
    (pending = pending.then(async () => {
      if (head <= loaded) return;
      const page = await client.events(matchId, audience, loaded, head);
      if (loaded === 0) {
        replaceChildren(list);
        last = undefined;
      }
      // one at a time: a revision that joins the last entry redraws it, which must be in the list by then
      for (const { revision, observation } of page.observations) {
        const item = entry(revision, observation as Observed);
        if (item !== null) list.append(item);
      }
      loaded = Math.max(loaded, page.to);
      at(current);
    }));
  return { element, at, extend };
};
