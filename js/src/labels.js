// Every English string the widget shows, in one table.
// A `labels` object in the state overrides any of these by key.

export const LABELS = {
  title: "TriPeaks",
  board: "TriPeaks board",
  score: "Score",
  moves: "Moves",
  game_code: "Game",
  rules_easy: "Easy",
  rules_classic: "Classic",
  rules_easy_long: "King and ace connected",
  rules_classic_long: "King and ace separate",
  undo: "Undo",
  hint: "Hint",
  new_game: "New game",
  error_help: "Error help",
  stock_many: "stock, {n} cards",
  stock_one: "stock, 1 card",
  stock_empty: "stock, empty",
  discard: "discard, {card}",
  discard_empty: "discard, empty",
  hidden_card: "hidden card",
  card_name: "{rank} of {suit}",
  rank_A: "ace",
  rank_J: "jack",
  rank_Q: "queen",
  rank_K: "king",
  suit_clubs: "clubs",
  suit_diamonds: "diamonds",
  suit_hearts: "hearts",
  suit_spades: "spades",
  joker: "joker",
  joker_face: "JOKER",
  "variant_hogue-scoring": "Hogue scoring",
  variant_joker: "Joker",
  "variant_open-peaks": "Open peaks",
  "variant_draw-when-stuck": "Draw when stuck",
  "variant_empty-discard": "Empty discard",
  won_title: "You won!",
  won_detail: "Final score {score} in {moves} moves.",
  blocked_title: "No more possible moves",
  blocked_detail: "{n} cards left in the peaks. Undo to try another way, or deal again.",
  blocked_detail_one: "1 card left in the peaks. Undo to try another way, or deal again.",
  dialog_title: "New game",
  dialog_rules: "Rules",
  dialog_code: "Game code",
  dialog_code_hint: "Paste a code to replay a deal; its letter sets the rules.",
  dialog_deal: "Deal",
  dialog_random: "Random deal",
  dialog_cancel: "Cancel",
  dialog_waiting: "Dealing…",
  keys_help:
    "Arrow keys move between free cards and the stock; Enter plays or draws; D draws; U undoes; H hints; N starts a new game.",
};

/** The label table for a state: English, with `state.labels` laid over it. */
export function labelsFor(state) {
  const extra = state && state.labels;
  if (!extra || typeof extra !== "object") return LABELS;
  const out = { ...LABELS };
  for (const [key, value] of Object.entries(extra)) {
    if (typeof value === "string") out[key] = value;
  }
  return out;
}

/** Fill `{name}` holes in a label. */
export function fmt(template, values = {}) {
  return String(template).replace(/\{(\w+)\}/g, (whole, name) =>
    Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole,
  );
}
