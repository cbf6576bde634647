import { MatchlogError } from '@matchlog/client';
import type { MatchDetail, MatchWithTokens } from '@matchlog/client';
import { api } from './api/client';
import { h, replaceChildren } from './dom';
import { t } from './i18n';
import { hrefOf, overlayHref } from './route';
import { qrCode } from './qr-code';

type Tokens = MatchWithTokens['tokens'];
type Seats = Pick<MatchDetail, 'matchId' | 'players'>;

/**
 * What the creation of a match returned, handed over in this page's memory (never the address or storage) so its
 * links show at once: the seats, the tokens, and the broadcast's (null: anyone reads it; undefined: no broadcast).
 */
export interface CreatedMatch {
  readonly match: Seats;
  readonly tokens: Tokens;
  readonly broadcast: string | null | undefined;
}

/** One role's way in: who it is for, the page it opens, and the token its link carries (none for a public broadcast). */
export interface RoleLink {
  readonly role: string;
  readonly label: string;
  readonly href: string;
}

/** The address with the token in its fragment, which no request, log or Referer carries; the page moves it to session storage (tokens.ts). */
const withToken = (path: string, token: string | undefined) => `${location.origin}${path}${token ? `#token=${encodeURIComponent(token)}` : ''}`;

/**
 * The page each role's link opens: the recorder's screen, each player's and the judge's match page as that seat
 * (live), the broadcast overlay. `broadcast`: the broadcast token, or null for a broadcast anyone reads.
 */
export const roleLinks = (match: Seats, tokens: Tokens, broadcast: string | null | undefined): RoleLink[] => [
  { role: 'recorder', label: t('organize.recorder'), href: withToken(`/viewer/record/${encodeURIComponent(match.matchId)}`, tokens.recorder) },
  ...match.players.map((player) => ({
    role: player.id,
    label: t('organize.player', { player: player.name ?? player.id, seat: player.id }),
    href: withToken(hrefOf(match.matchId, player.id, undefined, true), tokens.players[player.id]),
  })),
  { role: 'judge', label: t('organize.judge'), href: withToken(hrefOf(match.matchId, 'judge', undefined, true), tokens.judge) },
  ...(broadcast === undefined ? [] : [{ role: 'broadcast', label: t('organize.broadcast'), href: withToken(overlayHref(match.matchId), broadcast ?? undefined) }]),
];

const renderLinks = (links: readonly RoleLink[]) =>
  h(
    'ul',
    { class: 'role-links' },
    links.map((link) =>
      h(
        'li',
        { class: 'role-link', 'data-role': link.role },
        h('h2', {}, link.label),
        qrCode(link.href, t('organize.qr', { role: link.label })),
        h('p', {}, h('a', { href: link.href, target: '_blank', rel: 'noreferrer' }, t('organize.open'))),
        h('label', {}, t('organize.copy'), h('input', { type: 'text', readonly: true, value: link.href, name: `link-${link.role}` })),
      ),
    ),
  );

/**
 * The organizer's page of a match (/viewer/organize/:matchId): with the organizer key (kept in this page's memory
 * only), new tokens for every role and, for each, a link with its token in the fragment and that link's QR code.
 * Making them re-issues the tokens: the earlier ones stop working, which the button says. `created`: the tokens the
 * match was just created with (new-match-page.ts), shown without a re-issue.
 */
export const renderOrganize = async (root: HTMLElement, matchId: string, created?: CreatedMatch): Promise<void> => {
  const key = h('input', { name: 'organizer-key', type: 'password', autocomplete: 'off', required: true });
  const status = h('p', { role: 'status', tabindex: -1 });
  const area = h('div', { class: 'links-area' });
  const form = h(
    'form',
    { 'aria-label': t('organize.form') },
    h('label', {}, t('organize.key'), key),
    h('p', { class: 'hint' }, t('organize.warning')),
    h('button', { type: 'submit' }, t('organize.issue')),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void issue(key.value.trim()).catch((error: unknown) => {
      const known = error instanceof MatchlogError;
      status.setAttribute('data-code', known ? error.code : '');
      status.textContent = t('organize.failed', { message: known ? `${error.message} (${error.code})` : String(error) });
    });
  });
  const issue = async (organizerKey: string) => {
    status.textContent = t('organize.issuing');
    const client = api(organizerKey);
    const match = await client.match(matchId);
    const roles = [...match.players.map((p) => p.id), 'judge', 'recorder'];
    const issued = await client.request<{ tokens: Tokens }>({ method: 'POST', path: `/matches/${encodeURIComponent(matchId)}/tokens`, body: { roles } });
    // a broadcast anyone reads has no token: the server refuses the role, and the overlay's link carries none
    const broadcast = match.audiences.includes('broadcast')
      ? await client.request<{ tokens: Tokens }>({ method: 'POST', path: `/matches/${encodeURIComponent(matchId)}/tokens`, body: { roles: ['broadcast'] } }).then(
          (answer) => answer.tokens.broadcast ?? null,
          (error: unknown) => {
            if (error instanceof MatchlogError && error.code === 'VALIDATION_FAILED') return null;
            throw error;
          },
        )
      : undefined;
    key.value = '';
    status.textContent = t('organize.issued');
    replaceChildren(area, renderLinks(roleLinks(match, issued.tokens, broadcast)));
  };
  replaceChildren(root, h('nav', {}, h('a', { href: hrefOf(matchId, 'public') }, t('organize.back'))), h('h1', {}, t('organize.title')), form, status, area);
  if (created) {
    status.textContent = t('newMatch.created', { matchId });
    replaceChildren(area, renderLinks(roleLinks(created.match, created.tokens, created.broadcast)));
    status.focus();
  } else key.focus();
};
