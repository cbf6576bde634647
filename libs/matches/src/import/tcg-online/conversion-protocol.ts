import type { Refused } from './refusal';
import type { ReplayUpload, UploadConverted } from './convert-upload';

/** To the conversion process: one upload to convert. */
export interface ConvertRequest {
  readonly upload: ReplayUpload;
}

/** What a throw of the conversion says: its code and the fields its error class is built from. */
export interface ThrownReport {
  readonly code?: string;
  readonly message: string;
  readonly maxBytes?: number;
  readonly entries?: readonly string[];
}

/** From the conversion process: the upload converted or refused, or what it threw. */
export type ConvertAnswer = { readonly kind: 'done'; readonly result: UploadConverted | Refused } | ({ readonly kind: 'thrown' } & ThrownReport);

/** From the conversion process, once, when its code is loaded: the time limit counts from then. */
export interface ChildReady {
  readonly kind: 'ready';
}
