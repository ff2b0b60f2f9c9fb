import { test } from "node:test";
import assert from "node:assert/strict";
import { LABELS, fmt, labelsFor } from "../src/labels.js";
import { answers, cardName, flightOf, parseCard, toViewModel, transitions, withFlight } from "../src/viewmodel.js";
import { ENGLISH, STATES, withSeq } from "./helpers.js";

test("card notation: the suit is the last character", () => {
  assert.deepEqual(parseCard("K♣"), { rank: "K", suit: "clubs", symbol: "♣", color: "black", text: "K♣" });
  assert.deepEqual(parseCard("10♥"), { rank: "10", suit: "hearts", symbol: "♥", color: "red", text: "10♥" });
  assert.equal(parseCard("2♦").color, "red");
  assert.equal(parseCard("Td").text, "10♦");
  assert.equal(parseCard("?"), null);
  assert.equal(parseCard(null), null);
  assert.equal(parseCard("1♣"), null);
  assert.equal(parseCard("K"), null);
});

test("cards are named in words (R7)", () => {
  assert.equal(cardName(parseCard("K♣"), LABELS), "king of clubs");
  assert.equal(cardName(parseCard("A♠"), LABELS), "ace of spades");
  assert.equal(cardName(parseCard("2♦"), LABELS), "2 of diamonds");
  assert.equal(cardName(parseCard("Q♥"), LABELS), "queen of hearts");
});

test("labels can be overridden from the state, and filled in", () => {
  const labels = labelsFor({ labels: { undo: "Deshacer", bogus: 3, score: 7 } });
  assert.equal(labels.undo, "Deshacer");
  assert.equal(labels.score, "Score", "non-strings are ignored");
  assert.equal(labelsFor({}), LABELS);
  assert.equal(fmt("stock, {n} cards", { n: 23 }), "stock, 23 cards");
  assert.equal(fmt("{missing}", {}), "{missing}");
});

test("the opening of TP1-E-AAAAAAB (R6.4)", () => {
  const vm = toViewModel(STATES.start, ENGLISH);
  assert.equal(vm.slots.length, 28);
  assert.equal(vm.slots.filter((s) => s.kind === "hidden").length, 18);
  assert.deepEqual(
    vm.slots.slice(18).map((s) => s.card.text),
    ["3♠", "5♠", "K♣", "4♠", "2♦", "A♠", "K♦", "8♥", "7♣", "9♠"],
  );
  assert.deepEqual(vm.slots.filter((s) => s.playable).map((s) => s.slot), [20, 22, 24]);
  assert.equal(vm.slots[20].label, "king of clubs");
  assert.equal(vm.slots[0].label, "hidden card");
  assert.equal(vm.stock.label, "stock, 23 cards");
  assert.equal(vm.discard.label, "discard, ace of clubs");
  assert.equal(vm.rules, "easy");
  assert.equal(vm.rulesLabel, "Easy");
  assert.equal(vm.code, "TP1-E-AAAAAAB");
  assert.equal(vm.overlay, null);
  assert.deepEqual(vm.targets, [18, 19, 20, 21, 22, 23, 24, 25, 26, 27, "stock"]);
  assert.match(vm.description, /^Stock: 23 cards; discard: ace of clubs\./);
});

test("removed slots, highlights and the caption", () => {
  const vm = toViewModel(STATES.teach);
  assert.equal(vm.slots[20].kind, "removed");
  assert.equal(vm.slots[20].label, "");
  assert.equal(vm.slots[13].card.text, "7♠", "row 3 card 4 turned up (R6.4)");
  assert.ok(vm.slots[21].highlighted);
  assert.ok(vm.stock.highlighted);
  assert.match(vm.caption, /^Step 3/);
  assert.ok(!vm.targets.includes(20));
});

test("the stock's name counts its cards", () => {
  assert.equal(toViewModel({ ...STATES.start, stock: 1 }, ENGLISH).stock.label, "stock, 1 card");
  assert.equal(toViewModel({ ...STATES.start, stock: 1 }).stock.label, "stock, 1", "without Python's table, the bare count");
  const empty = toViewModel({ ...STATES.start, stock: 0 }, ENGLISH);
  assert.equal(empty.stock.label, "stock, empty");
  assert.ok(empty.stock.empty);
});

test("won and blocked games get a banner", () => {
  const won = toViewModel(STATES.won);
  assert.equal(won.overlay.kind, "won");
  assert.equal(won.overlay.title, "You won!");
  assert.match(won.overlay.detail, new RegExp(`${STATES.won.score}`));
  const blocked = toViewModel(STATES.blocked);
  assert.equal(blocked.overlay.kind, "blocked");
  assert.equal(blocked.overlay.title, "No more possible moves");
  const left = STATES.blocked.slots.filter((s) => s !== null).length;
  assert.match(blocked.overlay.detail, new RegExp(`\\. ${left} cards? left`));
});

test("a missing or broken snapshot still renders", () => {
  const vm = toViewModel(undefined);
  assert.equal(vm.slots.length, 28);
  assert.ok(vm.slots.every((s) => s.kind === "removed"));
  assert.equal(vm.stock.count, 0);
  assert.equal(vm.status, "playing");
  const odd = toViewModel({ slots: ["zz", 3], stock: "x", status: "???", rules: "weird" });
  assert.equal(odd.slots[0].kind, "hidden");
  assert.equal(odd.rules, "easy");
  assert.equal(odd.status, "playing");
});

test("transitions: a played card flies from its slot, a covered card turns", () => {
  const start = toViewModel(STATES.start);
  const after = toViewModel(STATES.after1);
  assert.deepEqual(transitions(start, after), { turned: [], toDiscardFrom: 20, backToSlot: null, dealt: false, shown: false });
  const a = toViewModel(withSeq(STATES.after1, 10));
  const mid = toViewModel(withSeq(STATES.mid, 11));
  assert.deepEqual(transitions(a, mid).turned, [13]);
  assert.equal(transitions(mid, a).toDiscardFrom, null, "an older snapshot does not animate");
});

test("transitions: a draw comes from the stock, an undo sends the card home", () => {
  const base = toViewModel(withSeq(STATES.mid, 1));
  const drawn = toViewModel(withSeq(STATES.mid, 2, { stock: 22, discard: "9♣", last: { action: "draw", card: "9♣" } }));
  assert.equal(transitions(base, drawn).toDiscardFrom, "stock");
  const undone = toViewModel(withSeq(STATES.start, 3, { last: { action: "undo", undone: { action: "play", slot: 20, card: "K♣" } } }));
  const played = toViewModel(withSeq(STATES.after1, 2));
  assert.deepEqual(transitions(played, undone), { turned: [], toDiscardFrom: null, backToSlot: 20, dealt: false, shown: false });
});

test("transitions: a new deal is dealt from the stock", () => {
  const played = toViewModel(withSeq(STATES.mid, 5));
  assert.equal(transitions(played, toViewModel(withSeq(STATES.start, 6))).dealt, true, "same code started over");
  assert.equal(transitions(played, toViewModel(withSeq(STATES.blocked, 6))).dealt, true, "another code");
  assert.equal(transitions(toViewModel(withSeq(STATES.start, 1)), toViewModel(withSeq(STATES.start, 2, { message: "x" }))).dealt, false);
});

test("the joker of variant V3 and the variants in the rules badge", () => {
  const joker = parseCard("★");
  assert.equal(joker.joker, true);
  assert.equal(cardName(joker, LABELS), "joker");
  const slots = [...STATES.start.slots];
  slots[19] = "★";
  const vm = toViewModel({ ...STATES.start, slots, discard: null, variants: ["joker", "empty-discard"] });
  assert.equal(vm.slots[19].label, "joker");
  assert.equal(vm.discard.label, "discard, empty");
  assert.equal(vm.rulesLabel, "Easy · Joker · Empty discard");
  assert.deepEqual(vm.variants, ["joker", "empty-discard"]);
});

test("the move in flight: only a card the snapshot marks playable, or a draw, goes ahead", () => {
  const start = toViewModel(STATES.start, ENGLISH);
  assert.deepEqual(flightOf(start, 20, 7), { seq: 7, from: 20, card: "K♣" });
  assert.equal(flightOf(start, 18, 7), null, "3♠ does not fit: Python answers first");
  assert.equal(flightOf(start, 0, 7), null, "a hidden card");
  assert.deepEqual(flightOf(start, "stock", 7), { seq: 7, from: "stock", card: "" });
  assert.equal(flightOf(toViewModel({ ...STATES.start, stock: 0 }), "stock", 7), null);
  assert.equal(flightOf(toViewModel(STATES.won), "stock", 7), null, "a finished game");
  assert.equal(flightOf(withFlight(start, flightOf(start, 20, 7)), 22, 8), null, "one move in flight at a time");
});

test("the move in flight is drawn over the snapshot, and nothing else of the move", () => {
  const start = toViewModel(STATES.start, ENGLISH);
  const ahead = withFlight(start, flightOf(start, 20, 7));
  assert.equal(ahead.slots[20].kind, "removed");
  assert.equal(ahead.discard.card.text, "K♣");
  assert.equal(ahead.discard.label, "discard, king of clubs");
  assert.deepEqual(ahead.slots.filter((s) => s.playable), [], "what fits has changed: nothing glows");
  assert.ok(!ahead.targets.includes(20));
  assert.equal(ahead.flying, 20);
  assert.deepEqual([ahead.score, ahead.moves, ahead.stock.count], [start.score, start.moves, start.stock.count]);
  assert.deepEqual(ahead.slots.slice(0, 18).map((s) => s.kind), start.slots.slice(0, 18).map((s) => s.kind), "nothing turns up");
  const drawing = withFlight(start, flightOf(start, "stock", 8));
  assert.equal(drawing.flying, "stock");
  assert.equal(drawing.discard.card.text, "A♣", "the drawn card is not known: it goes face down");
  assert.equal(drawing.stock.count, 23);
  // The board changed under it (a script played the card): nothing is in flight any more.
  const after = toViewModel(STATES.after1, ENGLISH);
  assert.equal(withFlight(after, { seq: 7, from: 20, card: "K♣" }), after);
});

test("a snapshot answers the flight when it names its intent or a later one of the view's", () => {
  const flight = { seq: 7, from: 20, card: "K♣" };
  const answered = (n) => toViewModel({ ...STATES.start, answered: n });
  assert.ok(answers(answered(7), flight, 9));
  assert.ok(answers(answered(9), flight, 9));
  assert.ok(!answers(answered(6), flight, 9), "an earlier intent");
  assert.ok(!answers(answered(null), flight, 9), "a snapshot of a script or a search");
  assert.ok(!answers(answered(5000), flight, 9), "another view's intent");
});

test("transitions: a card in flight lands without flying again; refused, it flies home; a draw turns up", () => {
  const start = toViewModel(withSeq(STATES.start, 1), ENGLISH);
  const ahead = withFlight(start, flightOf(start, 20, 7));
  const played = toViewModel(withSeq(STATES.after1, 2, { answered: 7 }), ENGLISH);
  assert.deepEqual(transitions(ahead, played), { turned: [], toDiscardFrom: null, backToSlot: null, dealt: false, shown: false });
  const refused = toViewModel(withSeq(STATES.start, 2, { answered: 7, message: "Must be one rank higher or lower" }));
  assert.equal(transitions(ahead, refused).backToSlot, 20);
  const drawing = withFlight(start, flightOf(start, "stock", 8));
  const drawn = toViewModel(withSeq(STATES.start, 2, { stock: 22, discard: "9♣", answered: 8, last: { action: "draw", card: "9♣" } }));
  const moves = transitions(drawing, drawn);
  assert.equal(moves.shown, true);
  assert.equal(moves.toDiscardFrom, null, "it is on the discard already");
});

test("the blocked banner explains its two counts as the won banner does", () => {
  const { score } = STATES.blocked;
  const plain = toViewModel({ ...STATES.blocked, moves: 46, moves_kept: 46 });
  assert.match(plain.overlay.detail, new RegExp(`^Score ${score} in 46 moves\\. \\d+ cards? left`));
  const undone = toViewModel({ ...STATES.blocked, moves: 48, moves_kept: 46 });
  assert.match(undone.overlay.detail, new RegExp(`^Score ${score} in 48 moves \\(46 not undone\\)\\. \\d+ cards? left`));
});

test("an assisted game says so on its banner and in the header; an unassisted one says it is", () => {
  for (const kind of ["won", "blocked"]) {
    const assisted = toViewModel({ ...STATES[kind], assisted: true });
    assert.equal(assisted.assisted, true);
    assert.equal(assisted.overlay.assisted, "Played with assists: it sets no record.");
    const fair = toViewModel({ ...STATES[kind], assisted: false });
    assert.equal(fair.overlay.assisted, "");
    assert.equal(fair.assisted, false);
  }
  assert.equal(toViewModel(STATES.start).assisted, false);
  assert.equal(toViewModel({ ...STATES.mid, assisted: true }).assistedLong, LABELS.assisted_tip);
});

test("the Game badge's tooltip says whether records are kept here", () => {
  const numbered = { ...STATES.start, number: 1 };
  assert.equal(toViewModel({ ...numbered, records: true }, ENGLISH).numberLong, "Numbered game 1: your records of it are kept");
  assert.equal(toViewModel({ ...numbered, records: false }, ENGLISH).numberLong, "Numbered game 1: records are not kept here");
  assert.equal(toViewModel({ ...numbered, number: null }, ENGLISH).numberLong, "");
});
