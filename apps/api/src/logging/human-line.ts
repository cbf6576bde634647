const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** what every line has, or what the line below shows in its own words */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'context', 'req', 'res', 'responseTime', 'err']);

interface LogRecord {
  readonly level?: number;
  readonly time?: number;
  readonly msg?: unknown;
  readonly context?: unknown;
  readonly req?: { method?: string; url?: string };
  readonly res?: { statusCode?: number };
  readonly responseTime?: number;
  readonly err?: { message?: string; stack?: string };
  readonly [field: string]: unknown;
}

const timeOfDay = (time: number | undefined) => (time === undefined ? '' : new Date(time).toTimeString().slice(0, 8));

/** What a request's line says: `GET /matches 200 3 ms`. */
const requestOf = ({ req, res, responseTime }: LogRecord) =>
  req === undefined
    ? ''
    : `${req.method ?? ''} ${req.url ?? ''}${res?.statusCode !== undefined ? ` ${res.statusCode}` : ''}${responseTime !== undefined ? ` ${responseTime} ms` : ''}`;

/** One pino JSON line as a person reads it at a terminal: `12:04:31 INFO  [feed] message`, a request as `GET /matches 200 3 ms`, an error's stack below it. */
export const humanLine = (json: string): string => {
  let record: LogRecord;
  try {
    record = JSON.parse(json) as LogRecord;
  } catch {
    return json;
  }
  if (typeof record !== 'object' || record === null) return json;
  const level = (LEVELS[record.level ?? 30] ?? String(record.level)).padEnd(5);
  const context = typeof record.context === 'string' ? `[${record.context}] ` : '';
  const request = requestOf(record);
  const message = typeof record.msg === 'string' ? record.msg : '';
  const text = request !== '' && /^request (completed|errored)$/.test(message) ? request : [message, request].filter(Boolean).join(' · ');
  const rest = Object.fromEntries(Object.entries(record).filter(([field]) => !SHOWN.has(field)));
  const extra = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : '';
  const error = record.err?.stack ?? record.err?.message;
  return `${timeOfDay(record.time)} ${level} ${context}${text}${extra}${error !== undefined ? `\n    ${error.split('\n').join('\n    ')}` : ''}`;
};
