import { t } from '../../i18n';
import { RecordedCard } from '../recording';

/** A card as a choice names it: its name (or "unknown"), exerted, its damage. */
export const cardLabel = (card: RecordedCard): string =>
  [card.definition ?? t('recorder.unknownCard'), card.exerted ? t('recorder.exerted') : '', card.damage > 0 ? t('recorder.damage', { damage: card.damage }) : '']
    .filter(Boolean)
    .join(' · ');
