import { MatchlogError } from '@matchlog/client';
import type { View } from '@matchlog/client';
import { actionLog } from '../../ui/action-log';
import { api } from '../../api/client';
import { callJudge } from '../../ui/call-judge';
import { deskSeat } from '../../desk/desk-seat';
import { h, replaceChildren } from '../../dom';
import { renderGames, siblingsOf } from '../../ui/game-links';
import { language, setLanguage, t } from '../../i18n';
import { judgePanel } from '../../ui/judge-panel';
import { keptLinks } from '../../kept-links';
import { ledgerLine } from '../../ui/ledger-line';
import { showMissing } from '../../ui/missing-match';
import { openingOf } from '../../opening';
import { organizerHere } from '../../organizer-here';
import { hrefOf } from '../../route';
import { timeline } from '../../ui/timeline';
import { forgetToken, keepToken, needsToken, tokenFor } from '../../tokens';
import { store } from '../store';
import { audiencesOf, cardNames, isNew, next, opened, playerNames, sentenceAt, titleOf } from './state';
import { Revision, errorView, findingsView, liveButton, marksView, matchAreas, matchView, noAudienceView, revisionView, tokenView } from './view';

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
  if (opening.show === 'noAudience') return replaceChildren(root, noAudienceView(matchId, audience, opening.audiences));
  if (opening.show === 'token') return askToken(root, matchId, audience, opening.rejected);
  const summary = found ?? null;
  const client = api(token);
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
    return replaceChildren(root, errorView(matchId, audience, error));
  }
  const tournament = latest.tournament;
  const judging = audience === 'judge';
  const nameOf = playerNames(summary, latest.players);
  const cardName = cardNames(latest);
  const cache = new Map<number, Revision>();
  const shown = async (revision: number): Promise<Revision> => {
    const cached = cache.get(revision);
    if (cached) return cached;
    const [view, page] = await Promise.all([client.view(matchId, audience, revision), revision === 0 ? null : client.events(matchId, audience, revision - 1, revision)]);
    const result = { view, sentence: sentenceAt(page?.observations.at(-1)?.observation as { type: string } | undefined, nameOf, cardName) };
    cache.set(revision, result);
    return result;
  };
  const areas = matchAreas();
  const page = store(opened(latest.revision, at), next);
  const bar = timeline(latest.revision, page.get().current, (revision) => page.dispatch({ type: 'go', revision }));
  const go = (revision: number) => bar.go(revision);
  const log = actionLog(client, matchId, audience, nameOf, cardName, go);
  const toggle = liveButton(() => page.dispatch({ type: 'live', on: !page.get().live }));
  const judge = judging ? judgePanel(matchId, token, nameOf) : null;
  // a player's own page (their token) calls a judge about the revision it shows
  const caller = token !== undefined && latest.players.some((p) => p.id === audience) ? callJudge(matchId, token, () => page.get().current) : null;

  const draw = async (revision: number) => {
    const parts = revisionView(await shown(revision), revision, judging, nameOf);
    if (revision !== page.get().current) return;
    for (const [area, nodes] of Object.entries(parts)) replaceChildren(areas[area as keyof typeof parts], nodes);
    log.at(revision);
    if (judging) replaceChildren(areas.findings, findingsView(page.get(), go));
    history.replaceState(null, '', hrefOf(matchId, audience, revision, page.get().live));
  };
  const loadFindings = async () => {
    if (!judging) return;
    page.dispatch({ type: 'findings', findings: (await client.audit(matchId, { language: language() })).findings });
  };
  /** Follows the match after the head the page has: the client delivers each revision once, in order, across drops. Returns the stop. */
  const follow = () => {
    let closed = false;
    const say = (text: string) => void (closed || page.dispatch({ type: 'liveSaid', text }));
    const feed = client.follow(
      matchId,
      audience,
      ({ revision }) => {
        if (!isNew(page.get(), revision)) return;
        page.dispatch({ type: 'arrived', revision });
        bar.extend(revision);
        bar.go(revision);
        void log.extend(revision);
        if (judging) {
          void loadFindings();
          void judge?.refresh(tournament);
        }
      },
      { from: page.get().head, onState: (state) => say(state === 'open' ? t('match.live') : t('match.reconnecting')) },
    );
    feed.done.then(
      () => say(t('match.ended')),
      (error: Error) => say(t('match.liveFailed', { message: error.message })),
    );
    return () => {
      closed = true;
      feed.close();
    };
  };
  let stopLive: (() => void) | null = null;
  page.listen((action, state) => {
    if (action.type === 'go')
      void draw(state.current).catch((error) => (areas.sentence.textContent = t('match.revisionFailed', { revision: state.current, message: (error as Error).message })));
    if (action.type === 'findings') {
      replaceChildren(areas.marks, marksView(state));
      replaceChildren(areas.findings, findingsView(state, go));
    }
    if (action.type === 'live') {
      stopLive?.();
      stopLive = null;
      toggle.setAttribute('aria-pressed', String(state.live));
    }
    if (action.type === 'live' || action.type === 'liveSaid') areas.status.textContent = state.liveStatus;
    if (action.type === 'live' && state.live) stopLive = follow();
  });

  replaceChildren(
    root,
    matchView(
      {
        matchId,
        audience,
        title: titleOf(summary, matchId),
        broadcastDelay: summary?.broadcastDelay,
        audiences: audiencesOf(summary, latest.players),
        organizeLink: organizerHere({ deskKey: deskSeat() !== null, keptLinks: keptLinks(matchId) !== undefined }),
        token: token !== undefined,
        nameOf,
      },
      areas,
      { live: toggle, caller, timeline: bar.element, log: log.element, judge: judge?.element },
      {
        audience: (chosen) => (location.href = hrefOf(matchId, chosen, page.get().current)),
        // the whole page redraws in the language chosen, which the next visit keeps
        language: (chosen) => (setLanguage(chosen), location.reload()),
        forgetToken: () => (forgetToken(matchId, audience), (location.href = hrefOf(matchId, 'public', page.get().current))),
      },
    ),
  );
  bar.go(page.get().current);
  void log.extend(latest.revision).catch((error: Error) => replaceChildren(log.element, h('p', {}, t('match.logFailed', { message: error.message }))));
  if (tournament)
    void siblingsOf(matchId, tournament).then(
      (games) => replaceChildren(areas.games, renderGames(tournament, games)),
      () => replaceChildren(areas.games, renderGames(tournament, [])),
    );
  void judge?.refresh(tournament);
  // public: asked without the token, as the log holds nothing the public may not see
  void api()
    .log(matchId)
    .then(
      (entries) => replaceChildren(areas.ledger, ledgerLine(matchId, entries)),
      () => undefined,
    );
  await loadFindings().catch((error) => replaceChildren(areas.findings, h('p', {}, t('match.auditFailed', { message: (error as Error).message }))));
  if (live) page.dispatch({ type: 'live', on: true });
};

const askToken = (root: HTMLElement, matchId: string, audience: string, rejected: boolean) => {
  const input = h('input', { name: 'token', type: 'password', autocomplete: 'off', required: true });
  const submit = (event: Event) => {
    event.preventDefault();
    keepToken(matchId, audience, input.value);
    location.reload();
  };
  replaceChildren(root, tokenView(matchId, audience, rejected, input, submit));
  input.focus();
};
