import { MatchlogClient } from '@matchlog/client';
import { h, replaceChildren } from './dom';
import { t } from './i18n';
import { sentenceOf } from './sentence';

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

/**
 * The match as sentences, one button per revision (GET /matches/:id/events as this audience: the same
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
  const entry = (revision: number, observation: Observed) => {
    const turn = turnOf(observation);
    if (typeof observation.id === 'string') revisions.set(observation.id, revision);
    // the sentence for reading, the type the API names it by on hover
    const button = h(
      'button',
      { type: 'button', title: observation.type, onclick: () => go(revision) },
      h('span', { class: 'revision' }, `#${revision}`),
      ' ',
      sentenceOf(observation, nameOf, cardName, eventName),
    );
    const item = h('li', { class: `log-entry${turn !== undefined ? ' turn' : ''}${revision === current ? ' here' : ''}`, 'data-revision': revision }, button);
    if (revision === current) button.setAttribute('aria-current', 'step');
    entries.set(revision, item);
    return item;
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
      if (loaded === 0) replaceChildren(list);
      list.append(...page.observations.map(({ revision, observation }) => entry(revision, observation as Observed)));
      loaded = Math.max(loaded, page.to);
      at(current);
    }));
  return { element, at, extend };
};
