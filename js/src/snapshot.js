// The snapshot contract (the `state` trait), generated from tripeaks_widget/board/snapshot.py
// by `python js/generate.py`: edit the Python, never this file.

/**
 * An action that moved a card.
 * @typedef {object} Played
 * @property {"play" | "draw"} action what the action was
 * @property {string} card the card played, or drawn onto the discard, in notation
 * @property {number} [slot] the slot a played card left (plays only)
 */

/**
 * The last action, for the front end's small animations; an undo names what it undid.
 * @typedef {object} Last
 * @property {"play" | "draw" | "undo"} action what the action was
 * @property {string} [card] with play or draw: the card, in notation
 * @property {number} [slot] with play: the slot the card left
 * @property {Played} [undone] with undo: the action taken back
 */

/**
 * A line under the board: what the records store said, or a goal met.
 * @typedef {object} Notice
 * @property {string} kind 'info', 'record', 'error' or 'goal' (a goal met)
 * @property {string} text what the records store said, in the board's language
 */

/**
 * A goal on the board: a challenge, how far the game has come on it, and once the game is over the best possible on it.
 * @typedef {object} Goal
 * @property {string} text the challenge in words, in the board's language ('Clear 4 kings')
 * @property {string} progress how far the game has come, in words ('3 of 4 kings')
 * @property {number} done how far, as a number: of target (a score goal's points above the score the game starts on)
 * @property {number} target the number the challenge asks for (cards, draws at most; a score goal's points above the starting score)
 * @property {boolean} met whether the game meets it
 * @property {(number | null)} stars the stars it earns, for the game of the day's three (1, 2, 3); else null
 * @property {"set" | "day" | "class"} source set from Python, the game of the day's, or the class's
 * @property {(string | null)} best once the game is over, the best possible on it as the solver proves it, in words; else null
 */

/**
 * The player's streak, shown with the game of the day's goals.
 * @typedef {object} Streak
 * @property {number} current the days in a row up to today (or yesterday) the player won the game of the day
 * @property {number} best the most days in a row they ever did
 * @property {string} text the current streak in words, in the board's language ('3 days in a row')
 * @property {string} best_text the best one in words
 */

/**
 * One of the player's recent games in the statistics view.
 * @typedef {object} RecentGame
 * @property {"won" | "blocked" | "abandoned"} outcome how it ended ('abandoned': left for a new deal)
 * @property {number} cards_left the cards left in the peaks
 * @property {string} text how it ended, in a word, in the board's language ('won', 'blocked', 'left')
 */

/**
 * The statistics view: what the records know of the player under the board's rules (the same figures as `Records.stats(rules, player=...)`).
 * @typedef {object} StatsView
 * @property {"pending" | "known" | "error" | "none"} kind whether the figures are read: 'pending' while the store is asked, 'none' without records
 * @property {string} title whose games, under which rules, in the board's language ('Games of ana, Easy')
 * @property {string} text with 'pending', 'error' or 'none': what the view says instead of figures; else ''
 * @property {(number | null)} played with 'known': the games played (finished, or left for a new deal)
 * @property {(number | null)} finished with 'known': the games finished, won or blocked
 * @property {(number | null)} won with 'known': the games won
 * @property {(number | null)} win_percent with 'known': the games won, in percent of those finished (one decimal)
 * @property {(number | null)} win_streak with 'known': the last finished games won in a row (0: the last was lost)
 * @property {(number | null)} best_win_streak with 'known': the most finished games ever won in a row
 * @property {(string | null)} best with 'known' on a numbered game: the player's best unassisted result on it by hand, in words ('won in 47 moves'; none yet: 'none yet'); else null
 * @property {Array<RecentGame>} recent with 'known': the last games, oldest first (at most 10)
 * @property {string} recent_text with 'known': the recent games in words, the plot's text alternative
 */

/**
 * The Winnable? line: the solver's verdict as the board shows it.
 * @typedef {object} VerdictLine
 * @property {"pending" | "winnable" | "lost" | "never" | "unknown" | "won" | "error"} kind what the solver found
 * @property {(number | null)} move with kind 'lost': the move after which the game could not be won, among the moves that stand
 * @property {string} text the verdict as the board says it, in its language
 */

/**
 * The Win chance line: the chance as the board shows it.
 * @typedef {object} WinChanceLine
 * @property {"pending" | "known" | "unknown" | "error"} kind whether the chance is still being computed ('unknown': not within the time limit)
 * @property {(number | null)} value with kind 'known': the chance of winning, 0-1
 * @property {(number | null)} low with kind 'known': the low end of its 95% interval
 * @property {(number | null)} high with kind 'known': the high end of its 95% interval
 * @property {(number | null)} samples with kind 'known': the arrangements of the unseen cards judged (0 when exact)
 * @property {boolean} exact whether the value is certain: solved outright (few cards unseen), or the game is over
 * @property {string} text the readout as the board says it ('Win chance 82 %'), in its language
 * @property {string} detail with kind 'known': what the value is made of (its interval, its samples), from the same chance
 */

/**
 * One move of the review after a game.
 * @typedef {object} ReviewRow
 * @property {number} move the move's number among the moves that stand
 * @property {string} action the action: a card in notation, or 'draw'
 * @property {(number | null)} before the chance of winning before the move, 0-1; None: not judged within the budget
 * @property {(number | null)} low the low end of its 95% interval
 * @property {(number | null)} high the high end of its 95% interval
 * @property {(number | null)} after the chance after it
 * @property {(string | null)} best the action with the best chance there
 * @property {(number | null)} best_chance that best action's chance
 * @property {boolean} mistake whether the move gave away at least 10 points of chance against a better move (see played_best)
 * @property {boolean} played_best whether no action had a better chance than the one played, as shown: a difference that does not show in the whole percent, or lies within the 95% intervals, is a tie (judged moves only)
 */

/**
 * The review after a game, as the board shows it.
 * @typedef {object} ReviewPanel
 * @property {"pending" | "known" | "error"} kind whether the review is still being made
 * @property {string} text with 'pending' or 'error': what the panel says, in the board's language
 * @property {Array<ReviewRow>} moves with 'known': every move that stands, judged from what was seen
 * @property {(number | null)} final with 'known': the chance after the last move (None: not judged within the budget)
 * @property {(number | null)} lost_after the move after which the exact verdict (it peeks) turned to lost; 0: the deal
 */

/**
 * The answer to the front end's last request that carried an `id` (until the next action).
 * @typedef {object} Reply
 * @property {"reply"} type what this is
 * @property {(number | string)} id the request's id, as the front end sent it
 * @property {boolean} ok whether it was carried out
 * @property {string} error why not, in the board's language; '' when ok
 * @property {string} [field] with a refusal of the New game dialog: the field it is about ('code', 'game', 'winnable')
 */

/**
 * Where a layout's cards are drawn: the board's size, each slot's place and the piles', in units (a card's width and the gap beside it), and the order the keys and the reader go through the slots. The front end and the picture both draw from it (:func:`table`).
 * @typedef {object} Table
 * @property {string} name the layout's name ('Three Peaks')
 * @property {string} key the layout's name in a game code ('THREE-PEAKS')
 * @property {number} width the board's width: the peaks' or the piles', whichever is wider
 * @property {number} height the board's height: the peaks, the gap, the piles
 * @property {Array<Array<number>>} slots each slot's place: [left, top]
 * @property {Array<number>} depth each slot's depth, from 1: a card lies over those it covers (drawn after them)
 * @property {Array<number>} order the slots in reading order (row by row from the top, each left to right)
 * @property {number} pile_top the stock's and the discard's top edge
 * @property {number} stock_x the stock's left edge
 * @property {number} discard_x the discard's left edge
 */

/**
 * Everything a player can see of the position, as the engine tells it (`Game.view()`).
 * @typedef {object} GameView
 * @property {string} code the game code: the deal, its rules and variants, as 'TP1-E-AAAAAAB-SW'
 * @property {"easy" | "classic"} rules the base rule set
 * @property {Array<string>} variants the variants in play, by name, as 'joker', 'open-peaks'
 * @property {Array<(string | null)>} slots the layout's peak slots: a card, '?' face down, null once removed
 * @property {Array<number>} free the slots whose card no card covers any more
 * @property {Array<number>} playable the free slots whose card fits the discard now
 * @property {number} stock how many cards the stock still has
 * @property {(string | null)} discard the card on top of the discard pile; null while it is empty
 * @property {number} score the score
 * @property {number} moves the Moves counter (undos do not count back)
 * @property {number} moves_kept the moves that stand once undone ones are taken out: the verdict and the review count these
 * @property {"playing" | "won" | "blocked"} status how the game stands
 * @property {string} message the message line: why a move was refused, the end of the game, a hint
 * @property {boolean} can_undo whether there is an action to take back
 * @property {string} description the board in words, as a screen reader reads it (R7)
 * @property {(Last | null)} last the last action; null before the first
 */

/**
 * The `state` trait: the engine's view in the board's language, and the widget's fields.
 * @typedef {object} Snapshot
 * @property {string} code the game code: the deal, its rules and variants, as 'TP1-E-AAAAAAB-SW'
 * @property {"easy" | "classic"} rules the base rule set
 * @property {Array<string>} variants the variants in play, by name, as 'joker', 'open-peaks'
 * @property {Array<(string | null)>} slots the layout's peak slots: a card, '?' face down, null once removed
 * @property {Array<number>} free the slots whose card no card covers any more
 * @property {Array<number>} playable the free slots whose card fits the discard now
 * @property {number} stock how many cards the stock still has
 * @property {(string | null)} discard the card on top of the discard pile; null while it is empty
 * @property {number} score the score
 * @property {number} moves the Moves counter (undos do not count back)
 * @property {number} moves_kept the moves that stand once undone ones are taken out: the verdict and the review count these
 * @property {"playing" | "won" | "blocked"} status how the game stands
 * @property {string} message the message line: why a move was refused, the end of the game, a hint
 * @property {boolean} can_undo whether there is an action to take back
 * @property {string} description the board in words, as a screen reader reads it (R7)
 * @property {(Last | null)} last the last action; null before the first
 * @property {Table} table where the layout's cards lie, as the picture draws them too (the widget sends it apart from the rest, in its 'table' trait, once per layout)
 * @property {string} layout the game's layout by its key ('THREE-PEAKS', 'DIAMOND'), as its code names it
 * @property {string} layout_name the game's layout by its name, in the board's language
 * @property {string} ending with status won or blocked: the game's word for its end, which the banner says; else ''
 * @property {boolean} error_help whether refused moves are explained
 * @property {Array<(number | "stock")>} highlight slots, and/or 'stock', to point at
 * @property {string} caption a line above the board, apart from the message (walkthroughs)
 * @property {(number | null)} number the game's number in the series 1-50,000; null for another deal
 * @property {Array<Notice>} notices what the records store said, and goals met, until the next action
 * @property {Array<Goal>} goals the goals on the board (none: an empty list, and nothing shown)
 * @property {(Streak | null)} streak on the game of the day, with records: the player's days in a row winning it; else null
 * @property {(StatsView | null)} stats the statistics view, while open; null while closed
 * @property {boolean} show_verdict whether the verdict line is switched on
 * @property {(VerdictLine | null)} verdict can the game still be won; null while switched off
 * @property {boolean} show_win_chance whether the win chance readout is switched on
 * @property {(WinChanceLine | null)} win_chance the chance of winning from what the player sees; null while switched off
 * @property {boolean} show_playable whether the cards that fit the discard glow
 * @property {boolean} show_hints whether the Hint button is offered
 * @property {"fair" | "exact"} hint_kind the hint given: 'fair' from what is seen, 'exact' peeks
 * @property {boolean} records whether results are recorded (no store: none asked for, or in the browser)
 * @property {boolean} assisted whether the game in progress had an assist (Hint, Winnable?, Win chance, or an analysis consulted from Python): it is recorded as assisted and sets no record
 * @property {boolean} scripted whether a move of the game in progress was made from Python (w.play, w.replay …), not by hand on the board: it is recorded as scripted, apart from the games played by hand
 * @property {(Reply | null)} reply the answer to the last request with an id; null after the next action
 * @property {(ReviewPanel | null)} review the review of the game played, while open; null while closed
 * @property {string} lang the language of the board's texts: 'en', 'el', 'he' or 'is'
 * @property {"ltr" | "rtl"} dir the writing direction of that language
 * @property {number} seq grows with every snapshot sent: an older one arriving late is ignored
 * @property {(number | null)} answered the sequence number ('seq') of the last front-end intent handled; null before any carried one
 */

export {};
