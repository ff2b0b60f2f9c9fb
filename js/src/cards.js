// Card faces and backs as small DOM trees with vector suit pips.

import { SUIT_SHAPES } from "./facts.js"; // from tripeaks_widget/picture/look.py

const SVG_NS = "http://www.w3.org/2000/svg";

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
