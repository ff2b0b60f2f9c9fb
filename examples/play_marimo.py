"""TriPeaks in marimo: the board as a UI element, and a cell that follows the game as you play.

Edit it with ``marimo edit examples/play_marimo.py``, or serve it as an app with
``marimo run examples/play_marimo.py``. A link may choose the deal, the layout and the language:
``http://localhost:2718/?game=TP1-E-AAAAAAB&lang=el`` (or ``?game=123&layout=diamond``).
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium")


@app.cell
def _():
    import marimo as mo

    from tripeaks_widget import TriPeaks, i18n

    return TriPeaks, i18n, mo


@app.cell
def _(TriPeaks, mo):
    _query = mo.query_params()
    _game = _query.get("game")
    try:
        game = TriPeaks(_game, lang=_query.get("lang"), game_layout=_query.get("layout"))
        _why = None
    except ValueError as _error:  # a bad link: say why, and deal a random game (as the Voilà app does)
        game, _why = TriPeaks(), str(_error)
    # The game's state changes in Python (a click is an intent the kernel plays): a marimo state
    # carries each change to the cells that read it.
    get_state, set_state = mo.state(game.state)
    game.observe(lambda change: set_state(change["new"]), names="state")
    board = mo.ui.anywidget(game)
    mo.vstack([mo.callout(mo.plain_text(_why), kind="warn"), board]) if _why else board
    return game, get_state


@app.cell
def _(game, get_state, i18n, mo):
    # Runs again after every click, draw, undo or new deal, in the board's language.
    get_state()
    _say = i18n.labels(game.lang)
    mo.md(
        f"**{_say['score']}** <span class='tp-follow-score'>{game.score}</span> · "
        f"**{_say['moves']}** <span class='tp-follow-moves'>{game.moves}</span> · `{game.code}`"
    )
    return


if __name__ == "__main__":
    app.run()
