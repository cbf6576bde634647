import { h, replaceChildren } from '../dom';
import { t } from '../i18n';

/** 404: no such match here, and back to the list; nothing to ask a token for. */
export const showMissing = (root: HTMLElement, matchId: string): void =>
  replaceChildren(
    root,
    h('nav', {}, h('a', { href: '/viewer/' }, t('nav.matches'))),
    h('h1', {}, t('match.openFailed')),
    h('p', { role: 'alert', 'data-code': 'MATCH_NOT_FOUND' }, t('match.notFound', { matchId })),
  );
