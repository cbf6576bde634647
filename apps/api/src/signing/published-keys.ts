/** Keys whose private half is public: examples/audit's, committed so the examples can be rebuilt. Anyone can sign with them. */
export const PUBLISHED_KEY_IDS: ReadonlySet<string> = new Set(['GINGxyz2jt6TAhORX0ToXh9HiNzdQMZBMCTo-uHgjjs']);
