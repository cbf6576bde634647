/**
 * Whether this tab holds the organizer key, the only caller that makes a match's links: kept by the desk
 * (desk-seat.ts), or used for this match's links (kept-links.ts). A spectator's or a player's tab holds neither.
 */
export const organizerHere = (tab: { readonly deskKey: boolean; readonly keptLinks: boolean }): boolean => tab.deskKey || tab.keptLinks;
