import { MatchlogClient, MatchlogError } from '@matchlog/client';
import type { MatchWithTokens } from '@matchlog/client';
import { api } from '../../api/client';
import { replaceChildren } from '../../dom';
import { KeptLinks, keepLinks, keptLinks } from '../../kept-links';
import { ServerAddresses } from '../../link-base';
import { store } from '../store';
import { CreatedMatch, OrganizeState, next, opened } from './state';
import { linksView, organizeAreas, organizeView } from './view';

export type { CreatedMatch };
type Tokens = MatchWithTokens['tokens'];

/** What the server says of its addresses to the organizer key (GET /health); nothing when it cannot say. */
export const serverAddresses = async (client: MatchlogClient): Promise<ServerAddresses> => {
  try {
    const { publicUrl, lanAddresses } = await client.request<ServerAddresses>({ method: 'GET', path: '/health' });
    return { ...(publicUrl !== undefined && { publicUrl }), lanAddresses: lanAddresses ?? [] };
  } catch {
    return {};
  }
};

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

/** New tokens for every role of the match, with the organizer key; the broadcast's too where it has one. */
const issueLinks = async (matchId: string, organizerKey: string): Promise<KeptLinks> => {
  const client = api(organizerKey);
  const match = await client.match(matchId);
  const roles = [...match.players.map((p) => p.id), 'judge', 'recorder'];
  const path = `/matches/${encodeURIComponent(matchId)}/tokens`;
  const issued = await client.request<{ tokens: Tokens }>({ method: 'POST', path, body: { roles } });
  // a broadcast anyone reads has no token: the server refuses the role, and the overlay's link carries none
  const broadcast = match.audiences.includes('broadcast')
    ? await client.request<{ tokens: Tokens }>({ method: 'POST', path, body: { roles: ['broadcast'] } }).then(
        (answer) => answer.tokens.broadcast ?? null,
        (error: unknown) => {
          if (error instanceof MatchlogError && error.code === 'VALIDATION_FAILED') return null;
          throw error;
        },
      )
    : undefined;
  return { match, tokens: issued.tokens, ...(broadcast !== undefined && { broadcast }), server: await serverAddresses(client) };
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
  const areas = organizeAreas();
  const page = store(opened(matchId, created, created ? undefined : keptLinks(matchId)), next);
  const paint = (state: OrganizeState) => {
    areas.status.textContent = state.status;
    if (state.code === null) areas.status.removeAttribute('data-code');
    else areas.status.setAttribute('data-code', state.code);
    if (state.keyInvalid) areas.key.setAttribute('aria-invalid', 'true');
    else areas.key.removeAttribute('aria-invalid');
  };
  const show = (links: KeptLinks) => {
    keepLinks(links);
    replaceChildren(areas.links, linksView(links, location.origin, copy));
  };
  page.listen((action, state) => {
    paint(state);
    // nothing is issued without the key: say so, where the eye and the focus go
    if (action.type === 'noKey') areas.key.focus();
    if (action.type === 'issued') show(action.links);
  });
  const submit = (event: Event) => {
    event.preventDefault();
    const organizerKey = areas.key.value.trim();
    if (organizerKey === '') return page.dispatch({ type: 'noKey' });
    page.dispatch({ type: 'issuing' });
    issueLinks(matchId, organizerKey).then(
      (links) => ((areas.key.value = ''), page.dispatch({ type: 'issued', links })),
      (error: unknown) => {
        const known = error instanceof MatchlogError;
        page.dispatch({ type: 'failed', code: known ? error.code : '', message: known ? `${error.message} (${error.code})` : String(error) });
      },
    );
  };
  replaceChildren(root, organizeView(matchId, areas, submit));
  paint(page.get());
  const links = page.get().links;
  if (links) {
    show(links);
    areas.status.focus();
  } else areas.key.focus();
};
