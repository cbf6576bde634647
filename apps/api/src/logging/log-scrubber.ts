import type { DestinationStream } from 'pino';
import { redactTokens } from './credentials';

/**
 * Where every log line goes: stdout, with the organizer key (as sent, or URL-encoded) and any match token
 * or bearer credential taken out first, whatever wrote the line (a request, an error's message or stack).
 */
export const scrubbingStdout = (organizerKey: string): DestinationStream => {
  const forms = [...new Set([organizerKey, encodeURIComponent(organizerKey), JSON.stringify(organizerKey).slice(1, -1)])].filter((form) => form.length > 0);
  const scrub = (line: string) => redactTokens(forms.reduce((text, form) => text.split(form).join('[redacted]'), line));
  return { write: (line: string) => void process.stdout.write(scrub(line)) };
};
