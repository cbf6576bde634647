/** Sixty cards as a player pastes them from Dreamborn (apps/api/test/deck-lists.e2e.spec.ts's list): a paper match's deck, no card named until it is shown. */
export const P1_LIST = [
  '4 Elsa - Snow Queen',
  '4x Be Prepared',
  '4 ariel – on human legs',
  ...['Lyle Tiberius Rourke - Cunning Mercenary', 'Maleficent - Monstrous Dragon', 'Moana - Of Motunui', 'Stitch - Rock Star'].map((name) => `4 ${name}`),
  ...['Mickey Mouse - True Friend', 'Friends on the Other Side', 'Hakuna Matata', 'Under the Sea'].map((name) => `4 ${name}`),
  ...['Elsa - Spirit of Winter', 'Simba - Protective Cub', 'Sebastian - Court Composer', 'Part of Your World'].map((name) => `4 ${name}`),
].join('\n');
export const P2_LIST = P1_LIST.split('\n').reverse().join('\n');
