/**
 * A name as the catalog's search compares it: lower case, accents and other combining marks dropped,
 * compatibility forms folded (NFKD). "José Ñúñez" and "jose nunez" have the same key. Done here, not
 * in SQL, so both engines compare the same keys (SQLite's lower() folds ASCII only).
 */
export const searchKey = (text: string): string => text.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');

/** A LIKE pattern for "contains `text`", its own `%`, `_` and `\` matched literally (with ESCAPE '\'). */
export const likeContaining = (text: string): string => `%${searchKey(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A GLOB pattern for "contains `text`", its own `*`, `?` and `[` matched literally (each in a class of its own). */
export const globContaining = (text: string): string => `*${searchKey(text).replace(/[*?[]/g, (c) => `[${c}]`)}*`;
