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
/** The suits in deck order: symbol, name, ASCII letter, colour. */
export const SUITS = [{"symbol": "♣", "key": "clubs", "ascii": "c", "color": "black"}, {"symbol": "♦", "key": "diamonds", "ascii": "d", "color": "red"}, {"symbol": "♥", "key": "hearts", "ascii": "h", "color": "red"}, {"symbol": "♠", "key": "spades", "ascii": "s", "color": "black"}];
/** The ranks as notation writes them, ace to king. */
export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
/** The joker in notation; JOKER_NAMES are the other ways to write it (any case). */
export const JOKER = "★";
export const JOKER_NAMES = ["★", "jk", "joker", "🃏"];
/** The languages of the board, each by its own name, for the language picker. */
export const LANGUAGES = [{"code": "en", "name": "English"}, {"code": "el", "name": "Ελληνικά"}, {"code": "he", "name": "עברית"}, {"code": "is", "name": "Íslenska"}];
