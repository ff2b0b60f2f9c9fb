// Every English string the widget shows, in one table: the source of the
// message catalogs (python -m tripeaks_widget.catalogs update) and the
// fallback for any key a language lacks. The widget's `labels` trait carries
// the table in the chosen language, plus `card_<notation>` names for every
// card ("card_K♣": "laufakóngur") and `stock_cards_<n>` for what the stock
// holds at each count, in the language's plural forms ("stock_cards_2":
// "שני קלפים", "stock_cards_0": "ריקה"); a `labels` object in the state
// overrides any key again.

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
  undo_tip: "Take back the last move (U)",
  hint: "Hint",
  hint_tip: "Show a move worth playing (H)",
  restart: "Restart",
  restart_tip: "Deal this game again from the start (R)",
  new_game: "New game",
  new_game_tip: "Deal a new game: by number, by code, or at random (N)",
  error_help: "Error help",
  verdict: "Winnable?",
  verdict_tip: "After every move, say whether the game can still be won (the solver sees the hidden cards)",
  win_chance: "Win chance",
  win_chance_tip: "After every move, show the chance of winning from the cards you can see (no hidden card is looked at)",
  assists: "Assists",
  assists_tip: "Switch the help on the board on or off",
  assist_playable: "Glow on playable cards",
  assist_hints: "Hint button",
  assist_verdict: "Winnable? (sees the hidden cards)",
  assist_win_chance: "Win chance (from the cards you see)",
  hint_kind: "Hints",
  hint_fair: "Fair: from the cards you see",
  hint_exact: "Exact: sees the hidden cards",
  language: "Language",
  percent: "{n}%",
  review: "Review",
  review_tip: "Go through the game move by move: the chance of winning from the cards you could see, and the mistakes",
  review_title: "Review of the game",
  review_close: "Close",
  review_move: "Move",
  review_action: "Played",
  review_chance: "Chance before {arrow} after",
  review_best: "Best move",
  review_mistake: "mistake",
  review_mistakes: "Mistakes: {n}",
  goals: "Goals",
  goals_met: "Met",
  review_mistake_rule: "A mistake gives away at least {n}% of the chance of winning against the best move.",
  review_draw: "draw",
  review_chart: "The chance of winning over the moves; crosses mark mistakes",
  review_lost: "The exact verdict, which sees the hidden cards: lost after move {n}",
  review_never: "The exact verdict, which sees the hidden cards: the deal could not be won",
  review_not_lost: "The exact verdict, which sees the hidden cards: never lost",
  review_lost_mark: "lost",
  stock: "stock, {cards}",
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
  won_detail_undone: "Final score {score} in {moves} moves ({kept} not undone).",
  blocked_title: "No more possible moves",
  blocked_detail: "{n} cards left in the peaks. Undo to try another way, or deal again.",
  blocked_detail_one: "1 card left in the peaks. Undo to try another way, or deal again.",
  blocked_moves: "Score {score} in {moves} moves.",
  blocked_moves_undone: "Score {score} in {moves} moves ({kept} not undone).",
  ended_assisted: "Played with assists: it sets no record.",
  assisted: "Assisted",
  assisted_tip: "This game had an assist (Hint, Winnable?, Win chance, or an analysis from Python): it sets no record",
  unassisted: "Unassisted",
  unassisted_tip: "No assist so far in this game (Hint, Winnable?, Win chance, an analysis from Python)",
  game_number: "Game {n}",
  game_number_long: "Numbered game {n}: your records of it are kept",
  game_number_unrecorded: "Numbered game {n}: records are not kept here",
  dialog_title: "New game",
  dialog_rules: "Rules",
  dialog_code: "Game code",
  dialog_code_hint: "A code deals its own cards, rules and variants.",
  dialog_or: "or choose",
  dialog_presets: "Presets",
  preset_app: "Standard",
  preset_app_long: "Easy with no variant: draw whenever you like",
  preset_site: "Free start",
  preset_site_long: "Easy, and the discard starts empty, so any free card goes first; draw only when stuck",
  dialog_variants: "Variants",
  "option_hogue-scoring": "Hogue scoring",
  "option_hogue-scoring_long": "Runs score more; a draw costs 5.",
  "option_hogue-scoring_tip":
    "Robert Hogue's traditional scoring: each removal scores the length of the current run, a draw costs 5 and ends the run, emptied peaks pay 15, 15 and 30. The score starts at 0 and may go below it.",
  option_joker: "Joker",
  option_joker_long: "A wild card that fits any rank.",
  option_joker_tip: "A joker joins the deck (24 cards in the stock): it may go on any card, and any card on it.",
  "option_open-peaks": "Open peaks",
  "option_open-peaks_long": "Every peak card is face up from the start.",
  "option_open-peaks_tip": "All 28 peak cards are dealt face up; a card is playable once no card covers it.",
  "option_draw-when-stuck": "Draw only when stuck",
  "option_draw-when-stuck_long": "No drawing while a card fits.",
  "option_draw-when-stuck_tip": "The traditional rule: drawing is allowed only when no peak card fits the discard.",
  "option_empty-discard": "Empty discard at start",
  "option_empty-discard_long": "Any free card may go first.",
  "option_empty-discard_tip": "The discard starts empty; the card that would have started it tops the stock.",
  dialog_game: "Game number",
  dialog_game_placeholder: "1–50,000",
  dialog_game_hint: "Numbered games keep your records. Leave it empty for a random deal.",
  game_nan: "Not a game number: type a whole number from 1 to 50,000.",
  game_range: "Game numbers run from 1 to 50,000.",
  dialog_winnable: "Winnable deals only",
  dialog_winnable_tip: "Random deals are checked by the solver first: only a deal that can be won is dealt.",
  dialog_deal: "Deal",
  dialog_leave: "Dealing gives up the game in progress (a numbered game is recorded as abandoned). Cancel keeps it.",
  dialog_cancel: "Cancel",
  dialog_waiting: "Dealing…",
  notice_first_win: "First win",
  notice_first_met: "First to meet the class's challenge",
  notice_goal: "Goal met",
  notice_record: "New record",
  notice_best_so_far: "Best so far",
  notice_error: "Records",
  keys_help:
    "Arrow keys move between free cards and the stock; Enter plays or draws; D draws; U undoes; H hints; N starts a new game; R restarts this one.",
};

/**
 * The label table for a state: English, with the language's table (the
 * `labels` trait) laid over it, then `state.labels`. Only strings count.
 */
export function labelsFor(state, language) {
  const layers = [language, state && state.labels].filter((t) => t && typeof t === "object" && !Array.isArray(t));
  if (!layers.length) return LABELS;
  const out = { ...LABELS };
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer)) {
      if (typeof value === "string" && value) out[key] = value;
    }
  }
  return out;
}

/** Fill `{name}` holes in a label. */
export function fmt(template, values = {}) {
  return String(template).replace(/\{(\w+)\}/g, (whole, name) =>
    Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole,
  );
}
