import { MatchlogClient, MatchlogError } from '@matchlog/client';
import type { MatchDetail, MatchWithTokens } from '@matchlog/client';
import { api } from '../../api/client';
import { h, replaceChildren } from '../../dom';
import { t } from '../../i18n';
import { KeptLinks, keepLinks, keptLinks } from '../../kept-links';
import { LinkBase, ServerAddresses, addressesOf, linkBase } from '../../link-base';
import { hrefOf, overlayHref } from '../../route';
import { qrCode } from '../../ui/qr-code';

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
  /** where phones open the server (its public URL, its LAN addresses), as it said with the organizer key */
  readonly server: ServerAddresses;
}

/** What the server says of its addresses to the organizer key (GET /health); nothing when it cannot say. */
export const serverAddresses = async (client: MatchlogClient): Promise<ServerAddresses> => {
  try {
    const { publicUrl, lanAddresses } = await client.request<ServerAddresses>({ method: 'GET', path: '/health' });
    return { ...(publicUrl !== undefined && { publicUrl }), lanAddresses: lanAddresses ?? [] };
  } catch {
    return {};
  }
};

/** One role's way in: who it is for, the page it opens, and the token its link carries (none for a public broadcast). */
export interface RoleLink {
  readonly role: string;
  readonly label: string;
  readonly href: string;
}

/** The address with the token in its fragment, which no request, log or Referer carries; the page moves it to session storage (tokens.ts). */
const withToken = (base: string, path: string, token: string | undefined) => `${base}${path}${token ? `#token=${encodeURIComponent(token)}` : ''}`;

/**
 * The page each role's link opens: the recorder's screen, each player's and the judge's match page as that seat
 * (live), the broadcast overlay. `broadcast`: the broadcast token, or null for a broadcast anyone reads.
 */
export const roleLinks = (base: string, match: Seats, tokens: Tokens, broadcast: string | null | undefined): RoleLink[] => [
  { role: 'recorder', label: t('organize.recorder'), href: withToken(base, `/viewer/record/${encodeURIComponent(match.matchId)}`, tokens.recorder) },
  ...match.players.map((player) => ({
    role: player.id,
    label: t('organize.player', { player: player.name ?? player.id, seat: player.id }),
    href: withToken(base, hrefOf(match.matchId, player.id, undefined, true), tokens.players[player.id]),
  })),
  { role: 'judge', label: t('organize.judge'), href: withToken(base, hrefOf(match.matchId, 'judge', undefined, true), tokens.judge) },
  ...(broadcast === undefined ? [] : [{ role: 'broadcast', label: t('organize.broadcast'), href: withToken(base, overlayHref(match.matchId), broadcast ?? undefined) }]),
];

/** Copies the text: the clipboard where the page may write it (a secure context), else the field's selection. */
const copy = async (field: HTMLInputElement): Promise<boolean> => {
  try {
    await navigator.clipboard.writeText(field.value);
    return true;
  } catch {
    field.select();
    return document.execCommand('copy');
  }
};

const copyButton = (field: HTMLInputElement, label: string) => {
  const said = h('span', { class: 'copied', role: 'status' });
  const button = h(
    'button',
    {
      type: 'button',
      class: 'copy',
      'aria-label': t('organize.copyOne', { role: label }),
      onclick: () => void copy(field).then((done) => (said.textContent = done ? t('organize.copied') : t('organize.copyFailed'))),
    },
    t('organize.copyButton'),
  );
  return [button, said];
};

/** Where the links open, every address phones may use, and a warning when only this machine can open them. */
const renderWhere = (where: LinkBase, addresses: readonly string[]) =>
  h(
    'div',
    { class: 'link-where', 'data-base': where.base },
    h('p', {}, t('organize.base', { base: where.base })),
    addresses.length > 1 ? h('p', { class: 'hint' }, t('organize.addresses', { addresses: addresses.join(', ') })) : null,
    where.localOnly ? h('p', { class: 'local-only', role: 'alert' }, t('organize.localOnly')) : null,
  );

const renderLinks = (kept: KeptLinks) => {
  const where = linkBase(location.origin, kept.server);
  const links = roleLinks(where.base, kept.match, kept.tokens, kept.broadcast);
  return [
    renderWhere(where, addressesOf(location.origin, kept.server)),
    h(
      'ul',
      { class: 'role-links' },
      links.map((link) => {
        const field = h('input', { type: 'text', readonly: true, value: link.href, name: `link-${link.role}` });
        return h(
          'li',
          { class: 'role-link', 'data-role': link.role },
          h('h2', {}, link.label),
          qrCode(link.href, t('organize.qr', { role: link.label })),
          h('p', {}, h('a', { href: link.href, target: '_blank', rel: 'noreferrer' }, t('organize.open'))),
          h('label', {}, t('organize.copy'), field),
          h('p', { class: 'copy-row' }, ...copyButton(field, link.label)),
        );
      }),
    ),
  ];
};

/**
 * The organizer's page of a match (/viewer/organize/:matchId): with the organizer key (kept in this page's memory
 * only), new tokens for every role and, for each, a link with its token in the fragment, that link's QR code and a
 * copy button. The links carry an address phones on the venue's network open (link-base.ts), and are kept through a
 * reload in this tab only (kept-links.ts).
 * Making them re-issues the tokens: the earlier ones stop working, which the button says. `created`: the tokens the
 * match was just created with (pages/new-match/page.ts), shown without a re-issue.
 */
export const renderOrganize = async (root: HTMLElement, matchId: string, created?: CreatedMatch): Promise<void> => {
  const key = h('input', { name: 'organizer-key', type: 'password', autocomplete: 'off' });
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
    if (key.value.trim() === '') {
      // nothing is issued without the key: say so, where the eye and the focus go
      status.setAttribute('data-code', 'NO_KEY');
      status.textContent = t('organize.noKey');
      key.setAttribute('aria-invalid', 'true');
      key.focus();
      return;
    }
    key.removeAttribute('aria-invalid');
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
    const kept: KeptLinks = { match, tokens: issued.tokens, ...(broadcast !== undefined && { broadcast }), server: await serverAddresses(client) };
    key.value = '';
    status.removeAttribute('data-code');
    status.textContent = t('organize.issued');
    show(kept);
  };
  const show = (kept: KeptLinks) => {
    keepLinks(kept);
    replaceChildren(area, renderLinks(kept));
  };
  replaceChildren(root, h('nav', {}, h('a', { href: hrefOf(matchId, 'public') }, t('organize.back'))), h('h1', {}, t('organize.title')), form, status, area);
  const kept = created
    ? { match: created.match, tokens: created.tokens, ...(created.broadcast !== undefined && { broadcast: created.broadcast }), server: created.server }
    : keptLinks(matchId);
  if (created) status.textContent = t('newMatch.created', { matchId });
  else if (kept) status.textContent = t('organize.kept');
  if (kept) {
    show(kept);
    status.focus();
  } else key.focus();
};
