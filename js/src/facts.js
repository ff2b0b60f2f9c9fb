// The facts the front end shares with the engine, generated from tripeaks_widget/board/frontend.py
// by `python js/generate.py`: edit the Python, never this file.

/** The variants by the names the state uses, in code order (H J O S W). */
export const VARIANTS = ["hogue-scoring", "joker", "open-peaks", "draw-when-stuck", "empty-discard"];
/** The New game dialog's presets: the app's rules, and the second site's. */
export const PRESETS = {"app": {"rules": "easy", "variants": []}, "site": {"rules": "easy", "variants": ["draw-when-stuck", "empty-discard"]}};
/** The built-in layouts by key, as the New game dialog offers them (their names: layout_<key> labels). */
export const LAYOUTS = ["THREE-PEAKS", "COLUMNS", "DIAMOND", "FOUR-PEAKS"];
/** The numbered games whose records are kept: FIRST_GAME to LAST_GAME. */
export const FIRST_GAME = 1;
export const LAST_GAME = 50000;
/** A card's width and height, in units (a card and its gap). */
export const CARD_W = 0.92;
export const CARD_H = 1.288;
/** Where Three Peaks' cards lie (picture/look.py's Table): the board's until a snapshot names its own. */
export const TABLE = {"name": "Three Peaks", "key": "THREE-PEAKS", "width": 9.92, "height": 4.808, "slots": [[1.5, 0.0], [4.5, 0.0], [7.5, 0.0], [1.0, 0.644], [2.0, 0.644], [4.0, 0.644], [5.0, 0.644], [7.0, 0.644], [8.0, 0.644], [0.5, 1.288], [1.5, 1.288], [2.5, 1.288], [3.5, 1.288], [4.5, 1.288], [5.5, 1.288], [6.5, 1.288], [7.5, 1.288], [8.5, 1.288], [0.0, 1.932], [1.0, 1.932], [2.0, 1.932], [3.0, 1.932], [4.0, 1.932], [5.0, 1.932], [6.0, 1.932], [7.0, 1.932], [8.0, 1.932], [9.0, 1.932]], "depth": [1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4], "order": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27], "pile_top": 3.52, "stock_x": 3.45, "discard_x": 5.55};
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
