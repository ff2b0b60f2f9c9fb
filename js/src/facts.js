// The facts the front end shares with the engine, generated from tripeaks_widget/board/frontend.py
// by `python js/generate.py`: edit the Python, never this file.

/** The variants by the names the state uses, in code order (H J O S W). */
export const VARIANTS = ["hogue-scoring", "joker", "open-peaks", "draw-when-stuck", "empty-discard"];
/** The New game dialog's presets: the app's rules, and the second site's. */
export const PRESETS = {"app": {"rules": "easy", "variants": []}, "site": {"rules": "easy", "variants": ["draw-when-stuck", "empty-discard"]}};
/** The numbered games whose records are kept: FIRST_GAME to LAST_GAME. */
export const FIRST_GAME = 1;
export const LAST_GAME = 50000;
/** The peak slots, numbered row by row from the peak tops. */
export const SLOT_COUNT = 28;
/** The first slot of each row, then SLOT_COUNT. */
export const ROW_STARTS = [0, 3, 9, 18, 28];
/** Each slot's left edge in card widths (bottom card i at i, others over their covers). */
export const SLOT_X = [1.5, 4.5, 7.5, 1.0, 2.0, 4.0, 5.0, 7.0, 8.0, 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
/** A card's width and height, in units (a card and its gap); the rows' step; the piles' gap and places. */
export const CARD_W = 0.92;
export const CARD_H = 1.288;
export const ROW_STEP = 0.644;
export const PILE_GAP = 0.3;
export const STOCK_X = 3.45;
export const DISCARD_X = 5.55;
/** The suits' shapes on a 100 x 100 square: [tag, attributes] each. */
export const SUIT_SHAPES = {"hearts": [["path", {"d": "M50 90C22 68 5 51 5 31 5 15 16 6 29 6c9 0 17 5 21 14 4-9 12-14 21-14 13 0 24 9 24 25 0 20-17 37-45 59z"}]], "diamonds": [["path", {"d": "M50 3 86 50 50 97 14 50z"}]], "spades": [["path", {"d": "M50 4C40 22 7 38 7 61c0 14 10 23 22 23 8 0 14-4 18-10-1 9-5 16-12 22h30c-7-6-11-13-12-22 4 6 10 10 18 10 12 0 22-9 22-23C93 38 60 22 50 4z"}]], "joker": [["path", {"d": "M50 4 61 37H96L68 58 79 92 50 71 21 92 32 58 4 37H39z"}]], "clubs": [["circle", {"cx": "50", "cy": "27", "r": "21"}], ["circle", {"cx": "26", "cy": "58", "r": "21"}], ["circle", {"cx": "74", "cy": "58", "r": "21"}], ["circle", {"cx": "50", "cy": "52", "r": "12"}], ["path", {"d": "M46 58c0 17-4 28-12 38h32c-8-10-12-21-12-38z"}]]};
/** The suits in deck order: symbol, name, ASCII letter, colour. */
export const SUITS = [{"symbol": "♣", "key": "clubs", "ascii": "c", "color": "black"}, {"symbol": "♦", "key": "diamonds", "ascii": "d", "color": "red"}, {"symbol": "♥", "key": "hearts", "ascii": "h", "color": "red"}, {"symbol": "♠", "key": "spades", "ascii": "s", "color": "black"}];
/** The ranks as notation writes them, ace to king. */
export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
/** The joker in notation; JOKER_NAMES are the other ways to write it (any case). */
export const JOKER = "★";
export const JOKER_NAMES = ["★", "jk", "joker", "🃏"];
/** The languages of the board, each by its own name, for the language picker. */
export const LANGUAGES = [{"code": "en", "name": "English"}, {"code": "el", "name": "Ελληνικά"}, {"code": "he", "name": "עברית"}, {"code": "is", "name": "Íslenska"}];
/** A review's mistake gives away at least this much of the chance of winning (fair.MISTAKE). */
export const MISTAKE_PERCENT = 10;
