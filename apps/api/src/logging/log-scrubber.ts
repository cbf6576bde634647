import type { DestinationStream } from 'pino';
import type { LogFormat } from '../config/config';
import { redactTokens } from './credentials';
import { humanLine } from './human-line';

/** A chunk of pino's lines as the format shows them: as they are (json), or each as a person reads it (pretty). */
const shownAs = (format: LogFormat) =>
  format === 'json'
    ? (chunk: string) => chunk
    : (chunk: string) =>
        chunk
          .split('\n')
          .filter((line) => line !== '')
          .map((line) => `${humanLine(line)}\n`)
          .join('');

/**
 * Where every log line goes: stdout, in `format`, with the organizer key (as sent, or URL-encoded) and any
 * match token or bearer credential taken out last, whatever wrote the line (a request, an error's message or stack).
 */
export const scrubbingStdout = (organizerKey: string, format: LogFormat = 'json'): DestinationStream => {
  const forms = [...new Set([organizerKey, encodeURIComponent(organizerKey), JSON.stringify(organizerKey).slice(1, -1)])].filter((form) => form.length > 0);
  const scrub = (line: string) => redactTokens(forms.reduce((text, form) => text.split(form).join('[redacted]'), line));
  const shown = shownAs(format);
  return { write: (line: string) => void process.stdout.write(scrub(shown(line))) };
};
