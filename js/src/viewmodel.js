// Snapshot (the `state` trait) -> what to draw. Pure: no DOM here, and no
// rule of the game: free, playable and the end of the game come from Python.

import { JOKER, JOKER_NAMES, RANKS, SUITS as SUIT_LIST } from "./facts.js"; // the notation of tripeaks_widget/cards.py
import { THREE_PEAKS, readTable } from "./geometry.js";
import { fmt, labelsFor } from "./labels.js";

/** @type {Record<string, {key: string, symbol: string, color: string}>} */
const SUITS = {};
for (const { symbol, key, ascii, color } of SUIT_LIST) {
  SUITS[symbol] = SUITS[ascii] = { key, symbol, color };
}
const JOKERS = new Set(JOKER_NAMES.map((name) => name.toLowerCase()));
const RANK_SET = new Set(RANKS);

/** "K♣" / "10♥" (or "Kc") -> {rank, suit, symbol, color, text}; null if not a card. */
export function parseCard(text) {
  if (typeof text !== "string") return null;
  if (JOKERS.has(text.trim().toLowerCase())) {
    return { rank: JOKER, suit: "joker", symbol: JOKER, color: "red", text: JOKER, joker: true };
  }
  if (text.length < 2) return null;
  const suitChar = text.slice(-1);
  const suit = SUITS[suitChar] || SUITS[suitChar.toLowerCase()];
  let rank = text.slice(0, -1).toUpperCase();
  if (rank === "T") rank = "10";
  if (!suit || !RANK_SET.has(rank)) return null;
  return { rank, suit: suit.key, symbol: suit.symbol, color: suit.color, text: rank + suit.symbol };
}

/**
 * A card's name in words: "king of clubs", "10 of hearts". A language's own
 * name of the card (`card_K♣`: "laufakóngur", "מלך תלתן") wins over the
 * English pattern "{rank} of {suit}".
 */
export function cardName(card, labels) {
  const whole = labels[`card_${card.text}`];
  if (typeof whole === "string" && whole) return whole;
  if (card.joker) return labels.joker;
  const rank = labels[`rank_${card.rank}`] || card.rank;
  const suit = labels[`suit_${card.suit}`] || card.suit;
  return fmt(labels.card_name, { rank, suit });
}

function asSet(list) {
  return new Set(Array.isArray(list) ? list : []);
}

function number(value, fallback = 0) {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

/** The writing direction of a snapshot: "rtl" or "ltr". */
export function directionOf(state) {
  return state && state.dir === "rtl" ? "rtl" : "ltr";
}

/** @typedef {import("./snapshot.js").Snapshot} Snapshot */

/**
 * Build the view model from one complete snapshot; `language` is the label
 * table in the widget's language (the `labels` trait), if any, and `table`
 * where its cards lie (the widget's `table` trait, sent once per layout) when
 * the snapshot does not carry it. Python sends a whole `Snapshot`; a field of
 * the wrong kind is read as its empty value.
 * @param {Snapshot} state
 * @param {Record<string, string>} [language]
 * @param {unknown} [table]
 */
export function toViewModel(state, language, table) {
  /** @type {Partial<Snapshot>} */
  const s = state && typeof state === "object" ? state : {};
  const labels = labelsFor(s, language);
  const free = asSet(s.free);
  const playable = asSet(s.playable);
  const highlight = asSet(s.highlight);
  const rawSlots = Array.isArray(s.slots) ? s.slots : [];
  const geometry = readTable(s.table) || readTable(table) || THREE_PEAKS;

  const slots = [];
  for (const [slot, pos] of geometry.slots.entries()) {
    const raw = rawSlots[slot] === undefined ? null : rawSlots[slot];
    const base = { slot, x: pos.x, y: pos.y, z: pos.z, highlighted: highlight.has(slot) };
    if (raw === null) {
      slots.push({ ...base, kind: "removed", card: null, free: false, playable: false, label: "" });
    } else if (raw === "?") {
      slots.push({ ...base, kind: "hidden", card: null, free: false, playable: false, label: labels.hidden_card });
    } else {
      const card = parseCard(raw);
      slots.push({
        ...base,
        kind: card ? "face" : "hidden",
        card,
        free: free.has(slot),
        playable: playable.has(slot),
        label: card ? cardName(card, labels) : labels.hidden_card,
      });
    }
  }

  const stockCount = Math.max(0, Math.floor(number(s.stock)));
  // What the stock holds comes in the language's own plural forms (labels.stock_cards_<n>, from Python).
  const stockLabel = fmt(labels.stock, { cards: labels[`stock_cards_${stockCount}`] || String(stockCount) });
  const discardCard = parseCard(s.discard);
  const discardLabel = discardCard
    ? fmt(labels.discard, { card: cardName(discardCard, labels) })
    : labels.discard_empty;

  const rules = s.rules === "classic" ? "classic" : "easy";
  const variants = Array.isArray(s.variants) ? s.variants.filter((v) => typeof v === "string") : [];
  const variantLabels = variants.map((v) => labels[`variant_${v}`] || v);
  const status = s.status === "won" || s.status === "blocked" ? s.status : "playing";
  const score = number(s.score);
  const moves = number(s.moves);
  let overlay = null;
  const movesKept = number(s.moves_kept, moves);
  // Whether the game had an assist is Python's word (Board.used); the banner and the header say it.
  const assisted = s.assisted === true;
  // The Moves counter, and after undos also the moves that stand, which the review numbers.
  const undone = movesKept !== moves;
  const counts = { score, moves, kept: movesKept };
  // How the game ended, in the game's own words (Python's), said once: by the banner.
  const ending = typeof s.ending === "string" ? s.ending : "";
  if (status === "won") {
    const detail = fmt(undone ? labels.won_detail_undone : labels.won_detail, counts);
    overlay = { kind: "won", title: ending || labels.won_title, detail, assisted: assisted ? labels.ended_assisted : "" };
  } else if (status === "blocked") {
    const left = slots.filter((c) => c.kind !== "removed").length;
    const said = fmt(undone ? labels.blocked_moves_undone : labels.blocked_moves, counts);
    overlay = {
      kind: "blocked",
      title: ending || labels.blocked_title,
      detail: `${said} ${left === 1 ? labels.blocked_detail_one : fmt(labels.blocked_detail, { n: left })}`,
      assisted: assisted ? labels.ended_assisted : "",
    };
  }

  // Notices (records of the numbered games; a store that cannot be used): texts, or {kind, text}.
  const notices = [];
  for (const item of Array.isArray(s.notices) ? s.notices : []) {
    if (typeof item === "string" && item) notices.push({ kind: "info", text: item });
    else if (item && typeof item === "object" && typeof item.text === "string" && item.text) {
      notices.push({ kind: typeof item.kind === "string" ? item.kind : "info", text: item.text });
    }
  }
  const gameNumber = Number.isInteger(s.number) && s.number > 0 ? s.number : null;

  // The goals on the board: {text, progress, done, target, met, stars, source, best}.
  const goals = (Array.isArray(s.goals) ? s.goals : [])
    .filter((g) => g && typeof g === "object" && typeof g.text === "string")
    .map((g) => ({
      text: g.text,
      progress: typeof g.progress === "string" ? g.progress : "",
      done: number(g.done),
      target: number(g.target),
      met: g.met === true,
      stars: Number.isInteger(g.stars) && g.stars > 0 ? /** @type {number} */ (g.stars) : null,
      source: g.source === "day" || g.source === "class" ? g.source : "set",
      best: typeof g.best === "string" && g.best ? g.best : null,
    }));

  // The solver's verdict, while the player has it switched on: {kind, move, text}.
  const v = s.verdict && typeof s.verdict === "object" ? s.verdict : null;
  const verdict =
    s.show_verdict && v && typeof v.text === "string" && v.text
      ? { kind: typeof v.kind === "string" ? v.kind : "unknown", move: Number.isInteger(v.move) ? v.move : null, text: v.text }
      : null;

  // The chance of winning from what the player sees, while switched on: {kind, text, value, low, high, samples}.
  const c = s.win_chance && typeof s.win_chance === "object" ? s.win_chance : null;
  const winChance =
    s.show_win_chance && c && typeof c.text === "string" && c.text
      ? {
          kind: c.kind === "known" || c.kind === "error" ? c.kind : "pending",
          text: c.text,
          value: typeof c.value === "number" ? c.value : null,
          low: typeof c.low === "number" ? c.low : null,
          high: typeof c.high === "number" ? c.high : null,
          samples: Number.isInteger(c.samples) ? c.samples : null,
          exact: Boolean(c.exact),
          detail: typeof c.detail === "string" ? c.detail : "",
        }
      : null;

  // The review after a game, while open: {kind, text, moves, final, lostAfter}.
  const r = s.review && typeof s.review === "object" ? s.review : null;
  const review = r
    ? {
        kind: r.kind === "known" || r.kind === "error" ? r.kind : "pending",
        text: typeof r.text === "string" ? r.text : "",
        moves: Array.isArray(r.moves) ? r.moves.filter((m) => m && typeof m === "object" && Number.isInteger(m.move)) : [],
        final: typeof r.final === "number" ? r.final : null,
        lostAfter: Number.isInteger(r.lost_after) ? r.lost_after : null,
      }
    : null;

  // The statistics view, while open: what the records know of the player under these rules.
  const t = s.stats && typeof s.stats === "object" ? s.stats : null;
  const figure = (/** @type {unknown} */ v) => (typeof v === "number" && Number.isFinite(v) ? v : null);
  const stats = t
    ? {
        kind: t.kind === "known" || t.kind === "error" || t.kind === "none" ? t.kind : "pending",
        title: typeof t.title === "string" ? t.title : "",
        text: typeof t.text === "string" ? t.text : "",
        played: figure(t.played),
        finished: figure(t.finished),
        won: figure(t.won),
        winPercent: figure(t.win_percent),
        winStreak: figure(t.win_streak),
        bestWinStreak: figure(t.best_win_streak),
        best: typeof t.best === "string" ? t.best : null,
        recent: Array.isArray(t.recent)
          ? t.recent.filter((g) => g && typeof g === "object" && typeof g.outcome === "string" && Number.isInteger(g.cards_left))
          : [],
        recentText: typeof t.recent_text === "string" ? t.recent_text : "",
      }
    : null;

  // Keyboard targets: free cards in reading order (row by row, each left to right), then the stock.
  /** @type {Array<number | "stock">} */
  const targets = geometry.order.filter((slot) => slots[slot].free && slots[slot].kind === "face");
  targets.push("stock");

  // On the game of the day, with records: the player's days in a row winning it.
  const k = s.streak && typeof s.streak === "object" ? s.streak : null;
  const streak =
    k && typeof k.text === "string" ? { current: number(k.current), text: k.text, best: typeof k.best_text === "string" ? k.best_text : "" } : null;

  return {
    labels,
    lang: typeof s.lang === "string" && /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(s.lang) ? s.lang : "",
    dir: directionOf(s),
    seq: number(s.seq, -1),
    answered: Number.isInteger(s.answered) ? /** @type {number} */ (s.answered) : null,
    geometry,
    slots,
    goals,
    streak,
    stock: { count: stockCount, empty: stockCount === 0, label: stockLabel, highlighted: highlight.has("stock") },
    discard: { card: discardCard, label: discardLabel },
    score,
    moves,
    movesKept,
    code: typeof s.code === "string" ? s.code : "",
    number: gameNumber,
    numberLabel: gameNumber === null ? "" : fmt(labels.game_number, { n: gameNumber }),
    // What the badge's tooltip says of records: kept only where the board has a store.
    numberLong:
      gameNumber === null
        ? ""
        : fmt(s.records === false ? labels.game_number_unrecorded : labels.game_number_long, { n: gameNumber }),
    notices,
    rules,
    rulesLabel: [labels[`rules_${rules}`], ...variantLabels].join(" · "),
    rulesLong: [labels[`rules_${rules}_long`], ...variantLabels].join(", "),
    variants,
    // The game's layout by its key (the New game dialog's choice starts there) and its name.
    layout: typeof s.layout === "string" ? s.layout : "",
    layoutName: typeof s.layout_name === "string" ? s.layout_name : "",
    status,
    assisted,
    assistedLong: assisted ? labels.assisted_tip : labels.unassisted_tip,
    // A move made from Python: the game is recorded as scripted, which the header says as plainly.
    scripted: s.scripted === true,
    message: typeof s.message === "string" ? s.message : "",
    ending,
    caption: typeof s.caption === "string" ? s.caption : "",
    canUndo: Boolean(s.can_undo),
    errorHelp: s.error_help !== false,
    showVerdict: Boolean(s.show_verdict),
    verdict,
    showWinChance: Boolean(s.show_win_chance),
    winChance,
    showPlayable: s.show_playable !== false,
    showHints: s.show_hints !== false,
    hintKind: s.hint_kind === "exact" ? "exact" : "fair",
    review,
    stats,
    description: typeof s.description === "string" ? s.description : "",
    last: s.last && typeof s.last === "object" ? s.last : null,
    overlay,
    targets,
    /** @type {Target | null} where the move in flight left from (withFlight): a slot, or the stock face down */
    flying: null,
  };
}

/** @typedef {import("./helpers.js").Target} Target */
/** @typedef {ReturnType<typeof toViewModel>} ViewModel */

/**
 * The move in flight: what the player clicked, before Python has answered. Only a card the
 * snapshot marks as playable is sent ahead to the discard, and a draw goes face down; all else
 * (what turns up, the score, the moves, whether the move stands) comes with Python's answer.
 * @typedef {object} Flight
 * @property {number} seq the intent's sequence number, which the answering snapshot names
 * @property {Target} from a slot, or "stock"
 * @property {string} card with a slot: the card that left it, in notation
 */

/**
 * The flight of a click on `target`, when the snapshot lets it go ahead: a playable card, or a
 * stock with cards while the game is played; else null (Python answers first).
 * @param {ViewModel} vm
 * @param {Target} target
 * @param {number} seq
 * @returns {Flight | null}
 */
export function flightOf(vm, target, seq) {
  if (vm.status !== "playing" || vm.flying !== null) return null;
  if (target === "stock") return vm.stock.empty ? null : { seq, from: "stock", card: "" };
  const at = vm.slots[target];
  return at && at.playable && at.card ? { seq, from: target, card: at.card.text } : null;
}

/**
 * Whether this snapshot answers the flight: it names as handled the flight's intent or a later
 * one of this view's (`last`: the last sequence number the view sent).
 * @param {ViewModel} vm
 * @param {Flight} flight
 * @param {number} last
 */
export function answers(vm, flight, last) {
  return vm.answered !== null && vm.answered >= flight.seq && vm.answered <= last;
}

/**
 * The view model with the move in flight drawn over it: a played card already on the discard
 * (its slot empty, no card glowing, since what fits has changed), a drawn card face down on the
 * discard. The same view model when the board has changed under the flight (the card is no
 * longer in its slot, the stock is empty): nothing is in flight any more.
 * @param {ViewModel} vm
 * @param {Flight | null} flight
 * @returns {ViewModel}
 */
export function withFlight(vm, flight) {
  if (!flight) return vm;
  const dim = (/** @type {ViewModel["slots"][number]} */ s) => (s.playable ? { ...s, playable: false } : s);
  if (flight.from === "stock") {
    return vm.stock.empty ? vm : { ...vm, slots: vm.slots.map(dim), flying: "stock" };
  }
  const at = vm.slots[flight.from];
  if (!at || at.kind !== "face" || !at.card || at.card.text !== flight.card) return vm;
  const slots = vm.slots.map((s) =>
    s === at ? { ...s, kind: "removed", card: null, free: false, playable: false, label: "" } : dim(s),
  );
  const label = fmt(vm.labels.discard, { card: at.label });
  return { ...vm, slots, targets: vm.targets.filter((t) => t !== at.slot), discard: { card: at.card, label }, flying: at.slot };
}

/**
 * What changed between two view models, for the small animations:
 * which slots turned face up, and where the new discard card came from.
 */
export function transitions(prev, next) {
  const out = { turned: [], toDiscardFrom: null, backToSlot: null, dealt: false, shown: false };
  if (!prev || !next || next.seq <= prev.seq) return out;
  // A new deal: another code, or the same code started over.
  if (next.code !== prev.code || (next.moves === 0 && !next.last && (prev.moves > 0 || prev.last))) {
    out.dealt = true;
    return out;
  }
  for (let i = 0; i < next.slots.length; i += 1) {
    if (prev.slots[i].kind === "hidden" && next.slots[i].kind === "face") out.turned.push(i);
  }
  const last = next.last;
  // A card that flew ahead and landed: it does not fly again; a drawn one turns face up where it
  // lies, and one that Python refused flies back home.
  if (prev.flying !== null && next.flying === null) {
    if (prev.flying === "stock") out.shown = Boolean(last && last.action === "draw" && prev.stock.count > next.stock.count);
    else if (next.slots[prev.flying]?.kind !== "removed") out.backToSlot = prev.flying;
    return out;
  }
  if (!last) return out;
  if (last.action === "play" && Number.isInteger(last.slot) && prev.slots[last.slot]?.kind === "face" && next.slots[last.slot]?.kind === "removed") {
    out.toDiscardFrom = last.slot;
  } else if (last.action === "draw" && prev.stock.count > next.stock.count) {
    out.toDiscardFrom = "stock";
  } else if (last.action === "undo" && last.undone && last.undone.action === "play" && Number.isInteger(last.undone.slot)) {
    if (prev.slots[last.undone.slot]?.kind === "removed" && next.slots[last.undone.slot]?.kind !== "removed") {
      out.backToSlot = last.undone.slot;
    }
  }
  // A slot turned face up by an undo is not a "turn" worth animating.
  if (last.action === "undo") out.turned = [];
  return out;
}
