/**
 * How a live feed's data is written as JSON: each through the type of the audience it is for (the same
 * wall as the REST answers; see feedEncoder in openapi/response-schemas.ts).
 */
export interface FeedEncoder {
  /** one feed entry ({ revision, observation }) of `audience` */
  entry(audience: string, entry: unknown): string;
  /** `audience`'s view */
  view(audience: string, view: unknown): string;
}
