import { replaceChildren } from '../../dom';
import { roundLog, roundResults } from '../../round-results';
import { roundView } from './view';

/** /viewer/rounds?event=…&round=…: every table's result in one round, with links to its games. */
export const renderRound = async (root: HTMLElement, event: string, round: number): Promise<void> => {
  // a server without the log's rounds, or one that failed to read them, still shows the slip
  const [results, log] = await Promise.all([roundResults(event, round), roundLog(event, round).catch(() => null)]);
  replaceChildren(root, roundView(results, log));
};
