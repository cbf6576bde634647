// Reads the official card API (https://api.gatcg.com, documented at https://api-docs.gatcg.com, "Endpoints - Multiple
// cards"): `GET /cards/search?page=N` answers `{ data: Card[], page, has_more }`. Only printed facts are taken from each
// card; its effect, flavour, images and editions' texts are not.
import type { GrandArchiveRow } from '@matchlog/cards';

export const API = 'https://api.gatcg.com';
export const SEARCH = '/cards/search';

/** The fields of an API card that the table reads. */
export interface ApiCard {
  readonly uuid: string;
  readonly name: string;
  readonly types?: readonly string[] | null;
  readonly classes?: readonly string[] | null;
  readonly subtypes?: readonly string[] | null;
  readonly element?: string | null;
  readonly cost_memory?: number | null;
  readonly cost_reserve?: number | null;
  readonly level?: number | null;
  readonly power?: number | null;
  readonly life?: number | null;
  readonly durability?: number | null;
  readonly speed?: boolean | null;
  readonly editions?: readonly { readonly collector_number?: string | null; readonly set?: { readonly prefix?: string | null } | null }[] | null;
}

export interface ApiPage {
  readonly data: readonly ApiCard[];
  readonly page: number;
  readonly has_more: boolean;
}

export class ApiError extends Error {}

const number = (value: number | null | undefined) => (typeof value === 'number' ? value : null);

/** A card's row: its first edition's set prefix and collector number, and its printed facts. */
export const apiRow = (card: ApiCard): GrandArchiveRow => {
  const edition = card.editions?.[0];
  const collector = Number.parseInt(edition?.collector_number ?? '', 10);
  return [
    card.uuid,
    card.name,
    edition?.set?.prefix ?? '',
    Number.isFinite(collector) ? collector : 0,
    [...(card.types ?? [])],
    [...(card.classes ?? [])],
    [...(card.subtypes ?? [])],
    card.element ?? '',
    number(card.cost_memory),
    number(card.cost_reserve),
    number(card.level),
    number(card.power),
    number(card.life),
    number(card.durability),
    card.speed === true ? 'fast' : card.speed === false ? 'slow' : null,
  ];
};

/** Every page of the search, in order, until one says has_more: false. */
export const fetchAllCards = async (get: (url: string) => Promise<unknown>, maxPages = 1000): Promise<ApiCard[]> => {
  const cards: ApiCard[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const answer = (await get(`${API}${SEARCH}?page=${page}`)) as ApiPage;
    if (!answer || !Array.isArray(answer.data)) throw new ApiError(`page ${page} of ${API}${SEARCH} is not { data: [...] }`);
    cards.push(...answer.data);
    if (!answer.has_more) return cards;
  }
  throw new ApiError(`${API}${SEARCH} still had more after ${maxPages} pages`);
};
