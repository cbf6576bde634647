import { LogUnreadable } from '../errors';

/** One line holding JSON objects back to back (`}{`, `} {`): a file whose newlines were stripped. */
const BACK_TO_BACK = /\}\s*\{/;

/**
 * LOG_UNREADABLE for the first bad line of an imported body. A body that is one line with objects back
 * to back is what `curl -d @file` sends (it strips the newlines): the message says to send it with
 * `--data-binary`.
 */
export const unreadableLog = (body: string, line: number, message: string): LogUnreadable => {
  const oneLine = !/[\r\n]/.test(body.replace(/[\r\n]+$/, ''));
  const stripped = oneLine && BACK_TO_BACK.test(body);
  return new LogUnreadable(
    line,
    stripped ? `${message}; the body is one line holding several JSON objects: its newlines were stripped (curl -d does that), send the file with --data-binary @file` : message,
  );
};
