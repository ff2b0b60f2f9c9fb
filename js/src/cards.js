// Card faces and backs as small DOM trees with vector suit pips.

const SVG_NS = "http://www.w3.org/2000/svg";

const SUIT_SHAPES = {
  hearts: [["path", { d: "M50 90C22 68 5 51 5 31 5 15 16 6 29 6c9 0 17 5 21 14 4-9 12-14 21-14 13 0 24 9 24 25 0 20-17 37-45 59z" }]],
  diamonds: [["path", { d: "M50 3 86 50 50 97 14 50z" }]],
  spades: [
    ["path", { d: "M50 4C40 22 7 38 7 61c0 14 10 23 22 23 8 0 14-4 18-10-1 9-5 16-12 22h30c-7-6-11-13-12-22 4 6 10 10 18 10 12 0 22-9 22-23C93 38 60 22 50 4z" }],
  ],
  joker: [["path", { d: "M50 4 61 37H96L68 58 79 92 50 71 21 92 32 58 4 37H39z" }]],
  clubs: [
    ["circle", { cx: "50", cy: "27", r: "21" }],
    ["circle", { cx: "26", cy: "58", r: "21" }],
    ["circle", { cx: "74", cy: "58", r: "21" }],
    ["circle", { cx: "50", cy: "52", r: "12" }],
    ["path", { d: "M46 58c0 17-4 28-12 38h32c-8-10-12-21-12-38z" }],
  ],
};

/** An SVG suit symbol (decorative: the card carries the accessible name). */
export function suitIcon(doc, suit, className) {
  const svg = doc.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("class", className);
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  for (const [tag, attrs] of SUIT_SHAPES[suit] || []) {
    const shape = doc.createElementNS(SVG_NS, tag);
    for (const [name, value] of Object.entries(attrs)) shape.setAttribute(name, value);
    svg.appendChild(shape);
  }
  return svg;
}

function span(doc, className, text) {
  const el = doc.createElement("span");
  el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

/**
 * A rank as drawn in a corner or the middle of a face: the stylesheet draws
 * `data-rank` (CSS generated content), so the face stays a picture of the
 * card, and the card's name in words ("king of clubs", "laufakóngur") is its
 * only text, as a screen reader or speech control hears it.
 */
function rankGlyph(doc, className, rank) {
  const el = span(doc, className);
  el.dataset.rank = rank;
  return el;
}

function corner(doc, card, where) {
  const el = span(doc, `tp-corner tp-corner-${where}`);
  if (!card.joker) el.appendChild(rankGlyph(doc, "tp-rank", card.rank));
  el.appendChild(suitIcon(doc, card.suit, "tp-corner-suit"));
  return el;
}

/** Fill `el` with the face of `card` ({rank, suit, color}); `jokerText` is the joker's word. */
export function fillFace(doc, el, card, jokerText = "JOKER") {
  el.replaceChildren();
  if (card.joker) {
    el.appendChild(corner(doc, card, "tl"));
    const centre = span(doc, "tp-joker");
    centre.appendChild(suitIcon(doc, "joker", "tp-pip tp-pip-joker"));
    centre.appendChild(span(doc, "tp-joker-word", jokerText));
    el.appendChild(centre);
    el.appendChild(corner(doc, card, "br"));
    return;
  }
  el.appendChild(corner(doc, card, "tl"));
  if (card.rank === "J" || card.rank === "Q" || card.rank === "K") {
    const court = span(doc, "tp-court");
    court.appendChild(rankGlyph(doc, "tp-court-rank", card.rank));
    court.appendChild(suitIcon(doc, card.suit, "tp-court-suit"));
    el.appendChild(court);
  } else {
    el.appendChild(suitIcon(doc, card.suit, card.rank === "A" ? "tp-pip tp-pip-ace" : "tp-pip"));
  }
  el.appendChild(corner(doc, card, "br"));
}
