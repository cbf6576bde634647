import { MatchlogError } from '@matchlog/client';
import type { Finding, View } from '@matchlog/client';
import { api } from './api/client';
import { actionLog } from './action-log';
import { renderBoard } from './board';
import { delayBadge } from './delay-badge';
import { gameName } from './games';
import { stage } from './stage-tabs';
import { h, replaceChildren } from './dom';
import { findingMarks, renderFindings } from './findings';
import { renderGames, siblingsOf } from './game-links';
import { callJudge } from './call-judge';
import { renderDeskSeen } from './desk-seen';
import { judgePanel } from './judge-panel';
import { ledgerLine } from './ledger-line';
import { renderQueue } from './queue-panel';
import { renderResult } from './result-banner';
import { hrefOf, organizeHref } from './route';
import { Language, MessageKey, language, setLanguage, t } from './i18n';
import { renderScoreboard } from './scoreboard';
import { sentenceOf } from './sentence';
import { Timeline, timeline } from './timeline';
import { forgetToken, keepToken, needsToken, tokenFor } from './tokens';
import { renderVoided } from './void-banner';
import { openingOf } from './opening';
import { showMissing } from './missing-match';
import { organizerHere } from './organizer-here';
import { deskSeat } from './desk/desk-seat';
import { keptLinks } from './kept-links';

interface Shown {
  readonly view: View;
  readonly sentence: string;
}

/**
 * One match, one audience: the score, turn and result at a revision, the board, the timeline over revisions, the
 * action log beside it, live mode, and (for a judge) the findings, the clock and the result slip.
 */
export const renderMatch = async (root: HTMLElement, matchId: string, audience: string, at: number | undefined, live: boolean): Promise<void> => {
  const token = tokenFor(matchId, audience);
  // undefined: not read; null: no such match (404)
  const found = await api()
    .match(matchId)
    .catch((error: unknown) => (error instanceof MatchlogError && error.status === 404 ? null : undefined));
  const opening = openingOf(found, audience, needsToken(audience), { kept: token !== undefined });
  if (opening.show === 'noMatch') return showMissing(root, matchId);
  if (opening.show === 'noAudience') return showNoAudience(root, matchId, audience, opening.audiences);
  if (opening.show === 'token') return askToken(root, matchId, audience, opening.rejected);
  const summary = found ?? null;
  const client = api(token);
  let seats: readonly { id: string; name?: string | null }[] = [];
  const nameOf = (player: string) => summary?.players.find((p) => p.id === player)?.name ?? seats.find((p) => p.id === player)?.name ?? player;
  const cache = new Map<number, Shown>();
  const shown = async (revision: number): Promise<Shown> => {
    const cached = cache.get(revision);
    if (cached) return cached;
    const [view, page] = await Promise.all([client.view(matchId, audience, revision), revision === 0 ? null : client.events(matchId, audience, revision - 1, revision)]);
    const observation = page?.observations.at(-1)?.observation as { type: string } | undefined;
    const result = { view, sentence: observation ? sentenceOf(observation, nameOf, cardName) : t('match.beforeMatch') };
    cache.set(revision, result);
    return result;
  };
  let latest: View;
  try {
    latest = await client.view(matchId, audience);
  } catch (error) {
    // an audience the match opens by token only (a broadcast with broadcastAccess: 'token')
    if (error instanceof MatchlogError && (error.status === 401 || error.status === 403)) {
      // a token the API refused: forgotten, and asked for again
      if (token !== undefined) forgetToken(matchId, audience);
      return askToken(root, matchId, audience, token !== undefined);
    }
    return showError(root, matchId, audience, error);
  }
  seats = latest.players;
  // the judge's view holds every card of the match with its definition; no other audience reads card ids
  const definitions = new Map<string, string>();
  for (const zone of Object.values(latest.zones) as View['zones'][string][])
    for (const card of zone.cards) if ('cardId' in card && card.definition !== undefined) definitions.set(card.cardId, card.definition);
  const cardName = (cardId: string) => definitions.get(cardId) ?? cardId;
  let findings: Finding[] = [];
  const board = h('div', { class: 'board-area' });
  const scoreboard = h('div', { class: 'scoreboard-area' });
  const banner = h('div', { class: 'banner-area' });
  const games = h('div', { class: 'games-area' });
  const judge = audience === 'judge' ? judgePanel(matchId, token, nameOf) : null;
  // a player's own page (their token) calls a judge about the revision it shows
  const caller = token !== undefined && latest.players.some((p) => p.id === audience) ? callJudge(matchId, token, () => current) : null;
  const deskSeen = h('div', { class: 'desk-seen-area' });
  const sentence = h('p', { class: 'sentence', role: 'status', 'aria-live': 'polite' });
  const findingsArea = h('div', { class: 'findings-area' });
  const marks = h('div', { class: 'marks-area' });
  const ledger = h('div', { class: 'ledger-area' });
  const status = h('p', { class: 'live-status', role: 'status' });
  let current = at === undefined ? latest.revision : Math.min(at, latest.revision);
  let stopLive: (() => void) | null = null;

  const draw = async (revision: number) => {
    const { view, sentence: text } = await shown(revision);
    if (revision !== current) return;
    replaceChildren(board, renderBoard(view, nameOf), renderQueue(view.queue, nameOf));
    replaceChildren(scoreboard, renderScoreboard(view, nameOf));
    replaceChildren(banner, renderVoided(view.voided), renderResult(view.ended, nameOf));
    if (audience !== 'judge') replaceChildren(deskSeen, renderDeskSeen((view as { desk?: Parameters<typeof renderDeskSeen>[0] }).desk, nameOf));
    log.at(revision);
    sentence.textContent = `#${revision}: ${text}`;
    if (audience === 'judge')
      replaceChildren(
        findingsArea,
        renderFindings(findings, revision, (r) => bar.go(r)),
      );
    history.replaceState(null, '', hrefOf(matchId, audience, revision, stopLive !== null));
  };
  const log = actionLog(client, matchId, audience, nameOf, cardName, (revision) => bar.go(revision));
  const bar: Timeline = timeline(latest.revision, current, (revision) => {
    current = revision;
    void draw(revision).catch((error) => (sentence.textContent = t('match.revisionFailed', { revision, message: (error as Error).message })));
  });

  const loadFindings = async () => {
    if (audience !== 'judge') return;
    findings = (await client.audit(matchId, { language: language() })).findings;
    replaceChildren(marks, findingMarks(findings, bar.head()));
    replaceChildren(
      findingsArea,
      renderFindings(findings, current, (r) => bar.go(r)),
    );
  };
  const setLive = (on: boolean) => {
    stopLive?.();
    stopLive = null;
    liveToggle.setAttribute('aria-pressed', String(on));
    if (!on) return void (status.textContent = '');
    let closed = false;
    const say = (text: string) => void (closed || (status.textContent = text));
    // after the head the page has: the client delivers each revision once, in order, across drops
    const feed = client.follow(
      matchId,
      audience,
      ({ revision }) => {
        if (revision <= bar.head()) return;
        bar.extend(revision);
        bar.go(revision);
        void log.extend(revision);
        if (audience === 'judge') {
          void loadFindings();
          void judge?.refresh(latest.tournament);
        }
      },
      { from: bar.head(), onState: (state) => say(state === 'open' ? t('match.live') : t('match.reconnecting')) },
    );
    feed.done.then(
      () => say(t('match.ended')),
      (error: Error) => say(t('match.liveFailed', { message: error.message })),
    );
    stopLive = () => {
      closed = true;
      feed.close();
    };
  };
  const liveToggle = h('button', { type: 'button', class: 'live', 'aria-pressed': 'false', onclick: () => setLive(stopLive === null) }, t('match.live'));
  // the match's own list (broadcast only where it has one); without its entry, the audiences every match has
  const audiences = summary?.audiences ?? ['public', ...latest.players.map((p) => p.id), 'judge'];
  const picker = h(
    'label',
    {},
    t('controls.audience'),
    h(
      'select',
      { name: 'audience', onchange: (event) => (location.href = hrefOf(matchId, (event.target as HTMLSelectElement).value, current)) },
      audiences.map((a) => h('option', { value: a, selected: a === audience }, a === 'public' || a === 'broadcast' || a === 'judge' ? audienceName(a) : `${nameOf(a)} (${a})`)),
    ),
  );
  const languageSwitch =
    audience === 'judge'
      ? h(
          'label',
          {},
          t('controls.language'),
          h(
            'select',
            // the whole page redraws in the language chosen, which the next visit keeps
            { name: 'language', onchange: (event) => (setLanguage((event.target as HTMLSelectElement).value as Language), location.reload()) },
            h('option', { value: 'en', selected: language() === 'en' }, 'English'),
            h('option', { value: 'es', selected: language() === 'es' }, 'Español'),
          ),
        )
      : null;
  const title = summary ? `${summary.players.map((p) => p.name ?? p.id).join(t('sentence.vs'))} — ${gameName(summary.game)}` : matchId;
  replaceChildren(
    root,
    h(
      'nav',
      {},
      h('a', { href: '/viewer/' }, t('nav.matches')),
      // only the organizer key makes links: a spectator is never shown the way there
      organizerHere({ deskKey: deskSeat() !== null, keptLinks: keptLinks(matchId) !== undefined })
        ? [' · ', h('a', { href: organizeHref(matchId), class: 'organize-link' }, t('organize.title'))]
        : null,
    ),
    h('h1', {}, title, audience === 'broadcast' ? delayBadge(summary?.broadcastDelay) : null),
    games,
    h(
      'div',
      { class: 'controls' },
      picker,
      liveToggle,
      languageSwitch,
      token
        ? h('button', { type: 'button', onclick: () => (forgetToken(matchId, audience), (location.href = hrefOf(matchId, 'public', current))) }, t('controls.forgetToken'))
        : null,
    ),
    caller,
    deskSeen,
    bar.element,
    marks,
    banner,
    ledger,
    scoreboard,
    sentence,
    status,
    stage(board, h('aside', { class: 'side' }, log.element, findingsArea)),
    judge?.element,
  );
  bar.go(current);
  void log.extend(latest.revision).catch((error: Error) => replaceChildren(log.element, h('p', {}, t('match.logFailed', { message: error.message }))));
  if (latest.tournament)
    void siblingsOf(matchId, latest.tournament).then(
      (found) => replaceChildren(games, renderGames(latest.tournament, found)),
      () => replaceChildren(games, renderGames(latest.tournament, [])),
    );
  void judge?.refresh(latest.tournament);
  // public: asked without the token, as the log holds nothing the public may not see
  void api()
    .log(matchId)
    .then(
      (found) => replaceChildren(ledger, ledgerLine(matchId, found)),
      () => undefined,
    );
  await loadFindings().catch((error) => replaceChildren(findingsArea, h('p', {}, t('match.auditFailed', { message: (error as Error).message }))));
  if (live) setLive(true);
};

const askToken = (root: HTMLElement, matchId: string, audience: string, rejected: boolean) => {
  const input = h('input', { name: 'token', type: 'password', autocomplete: 'off', required: true });
  const form = h(
    'form',
    { 'aria-label': t('token.form') },
    h('label', {}, t('token.label', { audience: audienceName(audience) }), input),
    h('button', { type: 'submit' }, t('token.open')),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    keepToken(matchId, audience, input.value);
    location.reload();
  });
  replaceChildren(
    root,
    h('nav', {}, h('a', { href: hrefOf(matchId, 'public') }, t('token.back'))),
    h('h1', {}, t('token.title')),
    rejected ? h('p', { role: 'alert' }, t('token.rejected')) : null,
    h('p', {}, t('token.hint')),
    form,
  );
  input.focus();
};

const showNoAudience = (root: HTMLElement, matchId: string, audience: string, audiences: readonly string[]) =>
  replaceChildren(
    root,
    h('nav', {}, h('a', { href: hrefOf(matchId, 'public') }, t('token.back'))),
    h('h1', {}, t('match.openFailed')),
    h('p', { role: 'alert' }, t('match.noAudience', { audience, audiences: audiences.join(', ') })),
  );

const showError = (root: HTMLElement, matchId: string, audience: string, error: unknown) => {
  const known = error instanceof MatchlogError;
  if (known && error.status === 401) forgetToken(matchId, audience);
  replaceChildren(
    root,
    h('nav', {}, h('a', { href: '/viewer/' }, t('nav.matches'))),
    h('h1', {}, t('match.openFailed')),
    h('p', { role: 'alert', 'data-code': known ? error.code : '' }, known ? `${error.message} (${error.code})` : String(error)),
    audience !== 'public' ? h('p', {}, h('a', { href: hrefOf(matchId, 'public') }, t('match.publicInstead'))) : null,
  );
};

/** public, broadcast and judge in the page's language; a player's audience is their id */
const audienceName = (audience: string) => (['public', 'broadcast', 'judge'].includes(audience) ? t(`audience.${audience}` as MessageKey) : audience);
