import { unzipSync, strFromU8 } from 'fflate';
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';

/** The four replays tcg.online's engine wrote (test/fixtures/tcg-online/SOURCE.md), as its download button gives them. */
export const TCG_ONLINE_SAMPLES = join(__dirname, '..', '..', '..', 'test', 'fixtures', 'tcg-online');

export interface TcgOnlineSample {
  readonly name: string;
  readonly zip: Uint8Array;
  readonly json: string;
}

/** Replays made here with the same engine by scripts/replays/generate-tcg-online.ts (its README says how). */
export const TCG_ONLINE_GENERATED = join(TCG_ONLINE_SAMPLES, 'generated');

const samplesIn = (folder: string): TcgOnlineSample[] =>
  readdirSync(folder)
    .filter((file) => file.endsWith('.zip'))
    .sort()
    .map((file) => {
      const zip = new Uint8Array(readFileSync(join(folder, file)));
      const entry = unzipSync(zip)['replay.json'];
      if (entry === undefined) throw new Error(`${file} holds no replay.json`);
      return { name: file, zip, json: strFromU8(entry) };
    });

/** Each sample: its file name, the .zip's bytes and the replay.json inside it. */
export const tcgOnlineSamples = (): TcgOnlineSample[] => samplesIn(TCG_ONLINE_SAMPLES);

/** The generated replays (a song, a location, a short game, a concession), read as tcgOnlineSamples reads the four. */
export const tcgOnlineGeneratedSamples = (): TcgOnlineSample[] => samplesIn(TCG_ONLINE_GENERATED);
