/**
 * The self-audit's free-text matcher alone (`@matchlog/audit/matcher`): what a browser bundle may import. The
 * lib's index also holds the hash chain and signatures (node:crypto), which no browser bundle can take.
 */
export { IdentityMatcher, publicNamesOf } from './deliveries/matcher';
export type { Identity } from './deliveries/matcher';
export { hiddenNamesIn } from './free-text/hidden-names';
