import { TimeSource } from '../../ports';
import { MatchWriter } from '../../write/match-writer';
import { ReplayConverter } from './conversion-pool';
import { ReplayUpload } from './convert-upload';
import { ReplayImported, importTcgOnlineReplay } from './import-replay';
import { SeriesNumbering } from './series-numbering';

/** An upload as the transport hands it: the server's clock is the core's, never the caller's. */
export type ReplayUploadIn = Omit<ReplayUpload, 'options'> & { readonly options?: { readonly game?: number; readonly bestOf?: 1 | 3 | 5 } };

/**
 * The replay import, a command of the core as every write is: converted off the event loop (`conversions`),
 * its game numbered in its series under the series' lock (SeriesNumbering), written by the writer, timed by the core's clock.
 */
export class ReplayImports {
  constructor(
    private readonly writer: MatchWriter,
    private readonly conversions: ReplayConverter,
    private readonly series: SeriesNumbering,
    private readonly time: TimeSource,
  ) {}

  tcgOnline(upload: ReplayUploadIn): Promise<ReplayImported> {
    return importTcgOnlineReplay(this.writer, this.conversions, { ...upload, options: { ...upload.options, now: this.time.now() } }, this.series);
  }
}
