import { CheckFactory } from '../check';
import { FindingCode } from '../codes';

/**
 * A stack resolves last in, first out: a TriggerResolved that names an item other than the top one
 * (the item added last that is still pending) is out of order.
 */
export const stackOrder =
  (code: FindingCode): CheckFactory =>
  () =>
  (step, report) => {
    const { event, before } = step;
    if (event.type !== 'TriggerResolved') return;
    const items = before.queue.items;
    if (items.length === 0 || !items.some((item) => item.triggerId === event.data.triggerId)) return;
    const top = items[items.length - 1];
    if (top.triggerId === event.data.triggerId) return;
    report(code, [event.data.player], { player: event.data.player, trigger: event.data.triggerId, top: top.triggerId });
  };
