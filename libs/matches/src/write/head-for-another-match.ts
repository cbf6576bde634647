import { LogRefused } from '../errors';

/** An imported log whose signed head names another match than the one the import would make of it. */
export class HeadForAnotherMatch extends LogRefused {
  constructor(
    line: number,
    readonly signedFor: string,
    readonly matchId: string,
  ) {
    super(
      'HEAD_MISMATCH',
      line,
      `the signed head (line ${line}) is for match "${signedFor}", not "${matchId}": a log is imported as the match it was exported from. Leave matchId out, or send matchId=${signedFor}`,
    );
  }
}
