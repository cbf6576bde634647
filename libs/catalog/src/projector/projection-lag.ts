/** How far a projection (the catalog, the statistics) is behind the log, as readiness reports it. */
export interface CatalogLag {
  /** the last log position the projection holds */
  readonly position: number;
  /** events delivered from the log and not yet in the projection */
  readonly behind: number;
  /** why the last batch failed, while it is being retried */
  readonly failure?: string;
  /** 'failed' while the subscription to the log has failed and waits for its renewal: the projection does not follow the log meanwhile */
  readonly subscription?: 'failed';
}
