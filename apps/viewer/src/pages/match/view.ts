import { MatchlogError } from '@matchlog/client';
import type { View } from '@matchlog/client';
import { renderBoard } from '../../ui/board';
import { delayBadge } from '../../ui/delay-badge';
import { renderDeskSeen } from '../../ui/desk-seen';
import { h } from '../../dom';
import { findingMarks, renderFindings } from '../../ui/findings';
import { Language, MessageKey, language, t } from '../../i18n';
import { renderQueue } from '../../ui/queue-panel';
import { renderResult } from '../../ui/result-banner';
import { organizeHref, hrefOf } from '../../route';
import { renderScoreboard } from '../../ui/scoreboard';
import { stage } from '../../ui/stage-tabs';
import { renderVoided } from '../../ui/void-banner';
import type { MatchState } from './state';

type Nodes = (Node | string | null | undefined)[];

/** The parts of the page each revision redraws, in place. */
export const matchAreas = () => ({
  board: h('div', { class: 'board-area' }),
  scoreboard: h('div', { class: 'scoreboard-area' }),
  banner: h('div', { class: 'banner-area' }),
  games: h('div', { class: 'games-area' }),
  deskSeen: h('div', { class: 'desk-seen-area' }),
  sentence: h('p', { class: 'sentence', role: 'status', 'aria-live': 'polite' }),
  findings: h('div', { class: 'findings-area' }),
  marks: h('div', { class: 'marks-area' }),
  ledger: h('div', { class: 'ledger-area' }),
  status: h('p', { class: 'live-status', role: 'status' }),
});
export type MatchAreas = ReturnType<typeof matchAreas>;

export interface Revision {
  readonly view: View;
  readonly sentence: string;
}

/** One revision's board, scores, banners and sentence; the desk's rulings for every audience but the judge's. */
export const revisionView = (shown: Revision, revision: number, judge: boolean, nameOf: (player: string) => string): Partial<Record<keyof MatchAreas, Nodes>> => ({
  board: [renderBoard(shown.view, nameOf), renderQueue(shown.view.queue, nameOf)],
  scoreboard: [renderScoreboard(shown.view, nameOf)],
  banner: [renderVoided(shown.view.voided), renderResult(shown.view.ended, nameOf)],
  ...(judge ? {} : { deskSeen: [renderDeskSeen((shown.view as { desk?: Parameters<typeof renderDeskSeen>[0] }).desk, nameOf)] }),
  sentence: [`#${revision}: ${shown.sentence}`],
});

/** The judge's findings beside the log, the one at the revision shown marked. */
export const findingsView = (state: MatchState, go: (revision: number) => void): Nodes => [renderFindings([...state.findings], state.current, go)];

/** The judge's findings as marks on the timeline. */
export const marksView = (state: MatchState): Nodes => [findingMarks([...state.findings], state.head)];

export const liveButton = (onclick: () => void) => h('button', { type: 'button', class: 'live', 'aria-pressed': 'false', onclick }, t('match.live'));

export interface Frame {
  readonly matchId: string;
  readonly audience: string;
  readonly title: string;
  readonly broadcastDelay: Parameters<typeof delayBadge>[0];
  readonly audiences: readonly string[];
  readonly organizeLink: boolean;
  readonly token: boolean;
  readonly nameOf: (player: string) => string;
}

export interface FrameWidgets {
  readonly live: HTMLElement;
  readonly caller: HTMLElement | null;
  readonly timeline: HTMLElement;
  readonly log: HTMLElement;
  readonly judge: HTMLElement | undefined;
}

export interface FrameHandlers {
  readonly audience: (audience: string) => void;
  readonly language: (language: Language) => void;
  readonly forgetToken: () => void;
}

/** The whole page around its areas and widgets. */
export const matchView = (frame: Frame, areas: MatchAreas, widgets: FrameWidgets, on: FrameHandlers): Nodes => [
  h(
    'nav',
    {},
    h('a', { href: '/viewer/' }, t('nav.matches')),
    // only the organizer key makes links: a spectator is never shown the way there
    frame.organizeLink ? [' · ', h('a', { href: organizeHref(frame.matchId), class: 'organize-link' }, t('organize.title'))] : null,
  ),
  h('h1', {}, frame.title, frame.audience === 'broadcast' ? delayBadge(frame.broadcastDelay) : null),
  areas.games,
  h(
    'div',
    { class: 'controls' },
    audiencePicker(frame, on.audience),
    widgets.live,
    frame.audience === 'judge' ? languageSwitch(on.language) : null,
    frame.token ? h('button', { type: 'button', onclick: on.forgetToken }, t('controls.forgetToken')) : null,
  ),
  widgets.caller,
  areas.deskSeen,
  widgets.timeline,
  areas.marks,
  areas.banner,
  areas.ledger,
  areas.scoreboard,
  areas.sentence,
  areas.status,
  stage(areas.board, h('aside', { class: 'side' }, widgets.log, areas.findings)),
  widgets.judge,
];

const audiencePicker = (frame: Frame, onchange: (audience: string) => void) =>
  h(
    'label',
    {},
    t('controls.audience'),
    h(
      'select',
      { name: 'audience', onchange: (event) => onchange((event.target as HTMLSelectElement).value) },
      frame.audiences.map((a) =>
        h('option', { value: a, selected: a === frame.audience }, a === 'public' || a === 'broadcast' || a === 'judge' ? audienceName(a) : `${frame.nameOf(a)} (${a})`),
      ),
    ),
  );

const languageSwitch = (onchange: (language: Language) => void) =>
  h(
    'label',
    {},
    t('controls.language'),
    h(
      'select',
      { name: 'language', onchange: (event) => onchange((event.target as HTMLSelectElement).value as Language) },
      h('option', { value: 'en', selected: language() === 'en' }, 'English'),
      h('option', { value: 'es', selected: language() === 'es' }, 'Español'),
    ),
  );

/** The prompt for an audience's token. */
export const tokenView = (matchId: string, audience: string, rejected: boolean, input: HTMLInputElement, onsubmit: (event: Event) => void): Nodes => [
  h('nav', {}, h('a', { href: hrefOf(matchId, 'public') }, t('token.back'))),
  h('h1', {}, t('token.title')),
  rejected ? h('p', { role: 'alert' }, t('token.rejected')) : null,
  h('p', {}, t('token.hint')),
  h(
    'form',
    { 'aria-label': t('token.form'), onsubmit },
    h('label', {}, t('token.label', { audience: audienceName(audience) }), input),
    h('button', { type: 'submit' }, t('token.open')),
  ),
];

export const noAudienceView = (matchId: string, audience: string, audiences: readonly string[]): Nodes => [
  h('nav', {}, h('a', { href: hrefOf(matchId, 'public') }, t('token.back'))),
  h('h1', {}, t('match.openFailed')),
  h('p', { role: 'alert' }, t('match.noAudience', { audience, audiences: audiences.join(', ') })),
];

export const errorView = (matchId: string, audience: string, error: unknown): Nodes => [
  h('nav', {}, h('a', { href: '/viewer/' }, t('nav.matches'))),
  h('h1', {}, t('match.openFailed')),
  error instanceof MatchlogError
    ? h('p', { role: 'alert', 'data-code': error.code }, `${error.message} (${error.code})`)
    : h('p', { role: 'alert', 'data-code': '' }, String(error)),
  audience !== 'public' ? h('p', {}, h('a', { href: hrefOf(matchId, 'public') }, t('match.publicInstead'))) : null,
];

/** public, broadcast and judge in the page's language; a player's audience is their id */
const audienceName = (audience: string) => (['public', 'broadcast', 'judge'].includes(audience) ? t(`audience.${audience}` as MessageKey) : audience);
