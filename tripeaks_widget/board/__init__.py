"""The headless board (:class:`Board`): one game in play, its switches, assists, results and notices,
driven by intents and published as snapshots. Plain Python: no Jupyter import."""

from .board import Board, check_language

__all__ = ["Board", "check_language"]
