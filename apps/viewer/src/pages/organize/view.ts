import { h } from '../../dom';
import { t } from '../../i18n';
import type { KeptLinks } from '../../kept-links';
import { LinkBase, addressesOf, linkBase } from '../../link-base';
import { hrefOf } from '../../route';
import { qrCode } from '../../ui/qr-code';
import { roleLinks } from './state';

type Nodes = (Node | string | null | undefined)[];
type Copy = (field: HTMLInputElement) => Promise<boolean>;

const copyButton = (field: HTMLInputElement, label: string, copy: Copy) => {
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
const whereView = (where: LinkBase, addresses: readonly string[]) =>
  h(
    'div',
    { class: 'link-where', 'data-base': where.base },
    h('p', {}, t('organize.base', { base: where.base })),
    addresses.length > 1 ? h('p', { class: 'hint' }, t('organize.addresses', { addresses: addresses.join(', ') })) : null,
    where.localOnly ? h('p', { class: 'local-only', role: 'alert' }, t('organize.localOnly')) : null,
  );

/** Each role's link from the page at `origin`: its QR code, the link, and a field to copy it from. */
export const linksView = (kept: KeptLinks, origin: string, copy: Copy): Nodes => {
  const where = linkBase(origin, kept.server);
  const links = roleLinks(where.base, kept.match, kept.tokens, kept.broadcast);
  return [
    whereView(where, addressesOf(origin, kept.server)),
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
          h('p', { class: 'copy-row' }, ...copyButton(field, link.label, copy)),
        );
      }),
    ),
  ];
};

/** The parts of the page its state redraws. */
export const organizeAreas = () => ({
  key: h('input', { name: 'organizer-key', type: 'password', autocomplete: 'off' }),
  status: h('p', { role: 'status', tabindex: -1 }),
  links: h('div', { class: 'links-area' }),
});
export type OrganizeAreas = ReturnType<typeof organizeAreas>;

export const organizeView = (matchId: string, areas: OrganizeAreas, onsubmit: (event: Event) => void): Nodes => [
  h('nav', {}, h('a', { href: hrefOf(matchId, 'public') }, t('organize.back'))),
  h('h1', {}, t('organize.title')),
  h(
    'form',
    { 'aria-label': t('organize.form'), onsubmit },
    h('label', {}, t('organize.key'), areas.key),
    h('p', { class: 'hint' }, t('organize.warning')),
    h('button', { type: 'submit' }, t('organize.issue')),
  ),
  areas.status,
  areas.links,
];
