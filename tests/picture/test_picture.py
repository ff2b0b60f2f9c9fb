"""The static picture of a board: drawn from the snapshot the front end draws, with the front
end's geometry and faces, in the board's language, with the board in words as its text
alternative; a board shown in a notebook leaves it beside the live view, step by step."""

import re
import xml.etree.ElementTree as ET

import pytest
from helpers.support import OPENING, ROWS, WINNABLE, front_end_generator, winning_line

from tripeaks_widget import Game, TriPeaks, i18n
from tripeaks_widget.engine.errors import InvalidValueError
from tripeaks_widget.engine.layout import THREE_PEAKS
from tripeaks_widget.picture import Picture, look
from tripeaks_widget.picture.svg import PAD_X, UNIT

SVG = "{http://www.w3.org/2000/svg}"


def parsed(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def placed(svg: str) -> list[tuple[str, float, float]]:
    """Each card placed on the picture: which (``card-Kc``, ``card-back``) and where."""
    root = parsed(svg)
    prefix = root.find(f"{SVG}title").get("id").removesuffix("title")
    out = []
    for use in root.iter(f"{SVG}use"):
        name = use.get("href").removeprefix(f"#{prefix}")
        if name.startswith("card-"):
            out.append((name, float(use.get("x")), float(use.get("y"))))
    return out


def test_a_game_is_its_picture_with_the_board_in_words_as_its_text_alternative():
    g = Game(OPENING, lang="en")
    svg = g.picture().svg
    assert g._repr_svg_() == svg
    root = parsed(svg)
    assert root.get("role") == "img" and root.get("lang") == "en"
    assert root.find(f"{SVG}desc").text == g.describe()
    assert OPENING in root.find(f"{SVG}title").text
    cards = placed(svg)
    faces = sorted(name for name, _, _ in cards if name != "card-back")
    assert faces == sorted(f"card-{card.ascii}" for card in [*g.free(), g.discard])
    backs = [c for c in cards if c[0] == "card-back"]
    assert len(backs) == 18 + 2  # the face-down peak cards, the stock and the card under it


def test_every_card_sits_where_the_front_end_puts_it():
    """The geometry is the engine's layout and the look's measures, as the front end's: a slot's
    card at its left edge and its row's step, in units."""
    g = Game(OPENING, lang="en").replay(["K♣", "A♠", "2♦"])  # the 7♠ turned up in row 3
    lift = look.FACE["lift"] * UNIT
    playable = {f"card-{card.ascii}" for card in g.playable()}
    cards = placed(g.picture().svg)
    where = {name: (x, y + (lift if name in playable else 0)) for name, x, y in cards}
    top = min(y for name, _, y in cards if name == "card-back")  # a peak top's
    for card in g.free():
        slot = g.slot_of(card)
        x, y = where[f"card-{card.ascii}"]
        row = next(row for row, slots in enumerate(ROWS) if slot in slots)
        assert round((x - PAD_X) / UNIT, 3) == THREE_PEAKS.slots[slot].x, card
        assert round((y - top) / UNIT, 3) == round(row * look.ROW_STEP, 3), card


def test_the_front_end_takes_the_same_look():
    generator = front_end_generator()  # js/generate.py
    facts, css = generator.facts(), generator.css_module()
    assert facts["CARD_W"] == look.CARD_W and facts["CARD_H"] == look.CARD_H
    assert facts["TABLE"] == look.table(THREE_PEAKS)  # the board's until a snapshot brings its own
    assert facts["SUIT_SHAPES"]["hearts"][0][1]["d"] == look.SUIT_SHAPES["hearts"][0][1]["d"]
    for name, colour in look.PALETTE.items():
        assert f"--tp-{name}: {colour};" in css
    for name in look.FACE:
        assert f"--tp-face-{name}:" in css


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_picture_says_its_words_in_the_boards_language(lang):
    w = TriPeaks(OPENING, records=False, lang=lang)
    try:
        w.play("3♠")
    except ValueError:
        pass
    svg = w.picture().svg
    said = i18n.labels(lang)
    for words in (said["score"].upper(), said["moves"].upper(), w.message):
        assert words in svg, (lang, words)
    assert parsed(svg).find(f"{SVG}desc").text == w.describe()
    w.close()


def test_a_board_shows_its_caption_highlight_and_ending():
    w = TriPeaks(game=WINNABLE, records=False, lang="en")
    w.caption = "Step 1: the deal"
    w.highlight("stock")
    svg = w.picture().svg
    assert "Step 1: the deal" in svg and look.PALETTE["highlight"] in svg
    w.replay(winning_line(), pace=0)
    assert "You won!" in w.picture().svg
    w.close()


def test_displaying_a_board_leaves_the_picture_of_that_moment_beside_the_live_view():
    w = TriPeaks(OPENING, records=False, lang="en")
    shown = []
    for card in ("K♣", "A♠", "2♦"):
        w.play(card)
        data, _ = w._repr_mimebundle_()
        assert "application/vnd.jupyter.widget-view+json" in data
        shown.append(data["image/svg+xml"])
    assert len(set(shown)) == 3  # one picture a step, each as it was
    assert "7 of spades" not in parsed(shown[1]).find(f"{SVG}desc").text
    assert "7 of spades" in parsed(shown[2]).find(f"{SVG}desc").text == w.describe()
    w.close()


def test_a_whole_game_as_one_animation():
    g = Game(game_code := "TP1-E-AAAAAAD", lang="en")
    g.replay(winning_line())
    animation = g.animation(pace=0.5)
    frames = re.findall(r'<g class="f"', animation.svg)
    assert len(frames) == len(g.history) + 1 and game_code in animation.svg
    assert "@keyframes" in animation.svg
    for pace in (0, -1, float("nan"), "1"):
        with pytest.raises(ValueError, match="pace is a number of seconds above 0"):
            g.animation(pace=pace)


def test_a_picture_saves_as_an_svg_file(tmp_path):
    picture = Game(OPENING).picture()
    path = picture.save(tmp_path / "board.svg")
    assert path.read_text(encoding="utf-8") == picture.svg and isinstance(picture, Picture)
    parsed(path.read_text(encoding="utf-8"))  # well-formed XML


def test_a_picture_saves_as_its_suffix_says_and_refuses_a_suffix_it_cannot_write(tmp_path):
    """Before, ``save("step.png")`` wrote SVG text under a PNG name."""
    picture = Game(OPENING).picture()
    png = picture.save(tmp_path / "step.PNG").read_bytes()
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and png == picture.png
    for name, said in [("step.jpg", "expected a path ending in .svg or .png"), ("step", "'step'")]:
        with pytest.raises(InvalidValueError, match=said):
            picture.save(tmp_path / name)
        assert not (tmp_path / name).exists()
    with pytest.raises(InvalidValueError, match=r"\(an animation has no single moment\); expected a path"):
        Game(OPENING).animation().save(tmp_path / "moves.png")
