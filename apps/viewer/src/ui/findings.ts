import type { Finding } from '@matchlog/client';
import { h } from '../dom';
import { t } from '../i18n';

/** The audit's findings for a judge, each at its revision with its title and rule number; a button goes there. */
export const renderFindings = (findings: readonly Finding[], at: number, go: (revision: number) => void) =>
  h(
    'section',
    { class: 'findings', 'aria-label': t('findings.label') },
    h('h2', {}, t('findings.title', { count: findings.length })),
    findings.length === 0
      ? h('p', {}, t('findings.none'))
      : h(
          'ol',
          {},
          findings.map((finding) =>
            h(
              'li',
              { class: `finding ${finding.severity}${finding.revision === at ? ' here' : ''}`, 'data-revision': finding.revision, 'data-code': finding.code },
              h('button', { type: 'button', onclick: () => go(finding.revision), 'aria-label': t('findings.goTo', { revision: finding.revision }) }, `#${finding.revision}`),
              ' ',
              // the title and message in the audit's language; the rule as cited
              h('strong', { class: 'title', title: t(finding.severity === 'violation' ? 'findings.violation' : 'findings.warning') }, finding.title),
              ' ',
              h('span', { class: 'rule' }, `(${finding.rule})`),
              ` — ${finding.message}`,
            ),
          ),
        ),
  );

/** Marks on the timeline where findings stand, as a fraction of the head. */
export const findingMarks = (findings: readonly Finding[], head: number) =>
  h(
    'div',
    { class: 'marks', 'aria-hidden': 'true' },
    [...new Set(findings.map((f) => f.revision))].map((revision) => {
      const mark = h('span', { class: 'mark', title: t('findings.mark', { revision }) });
      // a CSSOM property, not a style attribute: the page's CSP allows no inline style
      mark.style.left = `${head === 0 ? 0 : (revision / head) * 100}%`;
      return mark;
    }),
  );
