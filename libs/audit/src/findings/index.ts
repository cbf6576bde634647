export { ruleFindings, checksByGame } from './run';
export type { RuleFindingsOptions } from './run';
export { codes, findingCodes } from './codes';
export type { FindingCode } from './codes';
export { messages, messageFor, zoneName } from './messages';
export type { Check, CheckFactory, Facts, Report, Step, At } from './check';
