"""The snapshot contract (``tripeaks_widget/board/snapshot.py``): every snapshot the widget sends is of
its types, field for field, and the front end's generated files (its JSDoc types, its fixtures
made from real snapshots) are up to date."""

from __future__ import annotations

import pytest
from helpers.support import conforms, front_end_generator

from tripeaks_widget import Game, TriPeaks, i18n
from tripeaks_widget.board import snapshot as contract
from tripeaks_widget.board.snapshot import GameView, Snapshot

generator = front_end_generator()  # js/generate.py: what the front end's generated files should hold
TYPES, generated, scenes = generator.TYPES, generator.generated, generator.scenes

OPENING = "TP1-E-AAAAAAB"  # R6.4


def start():
    return TriPeaks(OPENING, records=False)


def verdict_in_hebrew():
    w = TriPeaks(OPENING, records=False, lang="he", show_verdict=True)
    w.replay(["K♣", "A♠", "2♦", "undo"], pace=0)
    w.highlight("stock", 21)
    return w


def variants_and_a_notice():
    w = TriPeaks("TP1-C-AAAAAAB-HJOSW", records="/nonexistent/\0bad")  # a store that cannot be opened
    assert w.state["notices"] and w.state["variants"]
    return w


@pytest.mark.parametrize("make", [start, verdict_in_hebrew, variants_and_a_notice])
def test_every_snapshot_sent_is_of_the_contracts_types(make):
    w = make()
    conforms({**w.state, "table": w.table}, Snapshot)  # the table goes in a trait of its own, once per layout
    conforms(w.game.view(), GameView)
    assert set(w.state) | {"table"} == contract.fields(Snapshot) and "table" not in w.state  # every field is sent


def test_the_scenes_of_the_front_ends_fixtures_are_of_the_contracts_types():
    for name, state in scenes().items():
        conforms(state, Snapshot, name)


def test_a_snapshot_that_breaks_the_contract_is_caught():
    w = TriPeaks(OPENING, records=False)
    state = {**w.state, "table": w.table}
    with pytest.raises(AssertionError, match=r"state\.score"):
        conforms({**state, "score": "500"}, Snapshot)
    with pytest.raises(AssertionError, match="missing"):
        conforms({k: v for k, v in state.items() if k != "seq"}, Snapshot)
    with pytest.raises(AssertionError, match=r"state\.last\.action"):
        conforms({**state, "last": {"action": "jump"}}, Snapshot)
    assert set(Game(OPENING).view()) == contract.fields(GameView)


def test_the_front_ends_generated_files_are_up_to_date():
    """The snapshot's types, the shared facts (variants, presets, the series, slot geometry, card
    notation) and the fixtures: a change on the Python side that the front end has not had fails."""
    if not TYPES.parent.exists():
        pytest.skip("no front end source here")
    for path, text in generated().items():
        assert path.read_text(encoding="utf-8") == text, f"{path} is out of date: run python js/generate.py"


def test_the_front_end_writes_no_shared_fact_itself():
    """The variants, the series, the slot geometry and the card notation are facts.js's alone; the
    labels name every variant the engine has (a new variant without its words fails here)."""
    sources = {path.name: path.read_text(encoding="utf-8") for path in (TYPES.parent).glob("*.js")}
    shared = ['"hogue-scoring"', '"draw-when-stuck"', "50000", "50_000", "= [0, 3, 9, 18", '"♣":', "4.5, 7.5"]
    for name, text in sources.items():
        if name not in ("facts.js", "snapshot.js"):
            assert not [fact for fact in shared if fact in text], f"js/src/{name} writes a shared fact itself"
    labels = i18n.labels("en")
    for variant in generator.facts()["VARIANTS"]:
        assert f"variant_{variant}" in labels and f"option_{variant}" in labels, variant
