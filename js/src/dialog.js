// The New game dialog's choices -> the new_game intent. Pure: no DOM here.
// Python checks every field again; this only spares a round trip for a
// game number that cannot be right, and says why next to the field.

// The variants, the presets and the numbered series come from Python (facts.js).
import { FIRST_GAME, LAST_GAME, PRESETS, VARIANTS } from "./facts.js";

export { FIRST_GAME, LAST_GAME, PRESETS, VARIANTS };

/** A rule set as text: "classic", "easy+joker+open-peaks" (variants in code order). */
export function rulesText(rules, variants = []) {
  const chosen = VARIANTS.filter((v) => variants.includes(v));
  return [rules === "classic" ? "classic" : "easy", ...chosen].join("+");
}

/** The preset that these choices make, or null. */
export function presetOf(rules, variants = []) {
  const text = rulesText(rules, variants);
  for (const [name, preset] of Object.entries(PRESETS)) {
    if (rulesText(preset.rules, preset.variants) === text) return name;
  }
  return null;
}

/**
 * Read the game number field: {value: null} when empty, {value: n} for a
 * number of the series, else {error: "game_nan" | "game_range"} (label keys).
 * Digit groups may be written with commas or spaces ("12,345"); "#123" is read as 123.
 */
export function readGameNumber(text) {
  const raw = String(text ?? "").trim().replace(/^#\s*/, "");
  if (!raw) return { value: null };
  if (!/^\d+$/.test(raw) && !/^\d{1,3}([,\s\u202f\u00a0]\d{3})+$/.test(raw)) return { error: "game_nan" };
  const value = Number(raw.replace(/[^\d]/g, ""));
  if (!Number.isSafeInteger(value) || value < FIRST_GAME || value > LAST_GAME) return { error: "game_range" };
  return { value };
}

/**
 * The intent for a choice made in the dialog.
 *   choice: {rules, variants, game (field text), code (field text), random, winnable}
 * Returns {intent} or {error, field} when the game number cannot be right.
 * A pasted code wins: it carries its own rules and variants, so the game
 * number is then not read at all. "Random deal" ignores the code and number.
 * "Winnable deals only" is for random deals: the intent carries it (winnable: true) only then.
 */
export function dealIntent(choice, id) {
  const rules = rulesText(choice.rules, choice.variants || []);
  const code = choice.random ? "" : String(choice.code ?? "").trim();
  let game = null;
  if (!choice.random && !code) {
    const read = readGameNumber(choice.game);
    if (read.error) return { error: read.error, field: "game" };
    game = read.value;
  }
  const intent = { type: "new_game", rules, game, code, id };
  if (choice.winnable && !code && game === null) intent.winnable = true;
  return { intent };
}
