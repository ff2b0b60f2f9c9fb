"""Layouts as data: the file format, its checks, and Three Peaks as a shipped file (R1.2-R1.5)."""

import json
import re
import textwrap

import pytest

from tripeaks_widget.engine.cards import DECK
from tripeaks_widget.engine.errors import InvalidLayoutError, TriPeaksError
from tripeaks_widget.engine.layout import LAYOUTS_DIR, MAX_SLOTS, THREE_PEAKS, Layout, LayoutSlot

SHIPPED = LAYOUTS_DIR / "three-peaks.json"

# Two peaks of three cards: tops 0 and 1 over the bottom row 2 3 4 5, as a user would write it.
TWO_PEAKS = """\
name = "Two Peaks"

[[slots]]
x = 0.5
y = 0
peak = 0
covered_by = [2, 3]

[[slots]]
x = 2.5
y = 0
peak = 1
covered_by = [4, 5]
""" + "".join(f"\n[[slots]]\nx = {x}\ny = 1\npeak = {x // 2}\n" for x in range(4))


def bits(*slots):
    return sum(1 << s for s in slots)


def two_peaks(**changes):
    """The two-peak layout as a file's table, with some slots' entries changed: {slot: {key: value}}."""
    data = {
        "name": "Two Peaks",
        "slots": [
            {"x": 0.5, "y": 0, "peak": 0, "covered_by": [2, 3]},
            {"x": 2.5, "y": 0, "peak": 1, "covered_by": [4, 5]},
            *({"x": x, "y": 1, "peak": x // 2} for x in range(4)),
        ],
    }
    for slot, entries in changes.items():
        data["slots"][int(slot.removeprefix("s"))].update(entries)
    return data


def refused(data, tmp_path):
    path = tmp_path / "layout.json"
    path.write_text(json.dumps(data))
    with pytest.raises(InvalidLayoutError) as caught:
        Layout.load(path)
    return str(caught.value)


# -- Three Peaks, the rule book's, from its file ---------------------------------------------------------


def test_r1_2_three_peaks_has_28_slots_in_rows_of_3_6_9_10_and_only_the_bottom_row_starts_face_up():
    assert THREE_PEAKS.name == "Three Peaks"
    assert THREE_PEAKS.slot_count == 28
    assert [len(row) for row in THREE_PEAKS.rows] == [3, 6, 9, 10]
    assert THREE_PEAKS.free(removed=0) == bits(*range(18, 28))  # nothing covers the bottom row


def test_r1_3_spot_checks_of_who_covers_whom():
    top, row2, row3, bottom = THREE_PEAKS.rows
    assert THREE_PEAKS.slots[top[1]].covered_by == (row2[2], row2[3])  # row 1 card p: row 2 cards 2p, 2p+1
    assert THREE_PEAKS.slots[row2[3]].covered_by == (row3[4], row3[5])  # row 2 card 3 (p 1, k 1): 3p+k, 3p+k+1
    assert THREE_PEAKS.slots[row3[8]].covered_by == (bottom[8], bottom[9])  # row 3 card i: bottom i, i+1
    assert THREE_PEAKS.covers[bottom[0]] == (row3[0],)
    assert THREE_PEAKS.covers[row3[4]] == (row2[2], row2[3])


def test_r1_4_the_deck_fills_the_slots_and_leaves_the_discard_one_and_the_stock_23():
    assert len(DECK) - THREE_PEAKS.slot_count - 1 == 23
    assert THREE_PEAKS.slot_count <= MAX_SLOTS == 50


def test_r1_5_peaks_own_9_9_10_and_split_the_bottom_row_3_3_4():
    assert [len(slots) for slots in THREE_PEAKS.peak_slots] == [9, 9, 10]
    assert [THREE_PEAKS.slots[s].peak for s in THREE_PEAKS.rows[3]] == [0, 0, 0, 1, 1, 1, 2, 2, 2, 2]
    assert [THREE_PEAKS.slots[s].peak for s in THREE_PEAKS.rows[0]] == [0, 1, 2]


def test_three_peaks_is_drawn_where_the_board_draws_it():
    places = [(s.x, s.y) for s in THREE_PEAKS.slots]
    assert places[:3] == [(1.5, 0), (4.5, 0), (7.5, 0)]  # each top centred over its covers
    assert places[18:] == [(i, 3) for i in range(10)]  # bottom card i at i, the fourth row


def test_playing_the_bottom_row_frees_a_card_once_both_its_covers_are_gone():
    removed, free = THREE_PEAKS.play(0, THREE_PEAKS.free(0), 18)
    assert free == bits(*range(19, 28))
    removed, free = THREE_PEAKS.play(removed, free, 19)
    assert free == bits(9, *range(20, 28)) == THREE_PEAKS.free(removed)


# -- files ---------------------------------------------------------------------------------------------


def test_saving_three_peaks_as_json_writes_the_shipped_file_and_loads_back_equal(tmp_path):
    path = tmp_path / "three-peaks.json"
    THREE_PEAKS.save(path)
    assert path.read_text(encoding="utf-8") == SHIPPED.read_text(encoding="utf-8")
    assert Layout.load(path) == THREE_PEAKS


def test_a_layout_saved_as_toml_loads_back_equal(tmp_path):
    path = tmp_path / "three-peaks.toml"
    THREE_PEAKS.save(path)
    assert path.read_text(encoding="utf-8").startswith('name = "Three Peaks"\n')
    assert "[[slots]]" in path.read_text(encoding="utf-8")
    assert Layout.load(path) == THREE_PEAKS


def test_a_layout_written_by_hand_in_toml_loads_and_plays(tmp_path):
    path = tmp_path / "two.TOML"
    path.write_text(TWO_PEAKS)
    layout = Layout.load(path)
    assert layout == Layout.from_dict(two_peaks())
    assert layout.slots[0] == LayoutSlot(0.5, 0, 0, (2, 3))
    assert layout.slots[2].covered_by == ()  # covered_by is optional
    assert layout.rows == ((0, 1), (2, 3, 4, 5))
    assert layout.peak_slots == ((0, 2, 3), (1, 4, 5))
    assert layout.covers == ((), (), (0,), (0,), (1,), (1,))
    free = layout.free(0)
    assert free == bits(2, 3, 4, 5)
    removed, free = layout.play(0, free, 2)
    assert free == bits(3, 4, 5)  # slot 0 is still under slot 3
    removed, free = layout.play(removed, free, 3)
    assert free == bits(0, 4, 5) == layout.free(removed)
    json_path = tmp_path / "two.json"
    layout.save(json_path)
    assert Layout.load(json_path) == layout


def test_the_reference_example_loads(tmp_path):
    example = re.search(r"::\n\n(        name = .*?)\n\n    and in JSON", Layout.__doc__, re.S).group(1)
    path = tmp_path / "one.toml"
    path.write_text(textwrap.dedent(example))
    layout = Layout.load(path)
    assert (layout.name, layout.rows, layout.covers) == ("One Peak", ((0,), (1, 2)), ((), (0,), (0,)))


def test_the_error_family():
    assert issubclass(InvalidLayoutError, TriPeaksError) and issubclass(InvalidLayoutError, ValueError)


# -- the checks ------------------------------------------------------------------------------------------


def test_a_circle_in_the_covers_is_refused_naming_it(tmp_path):
    message = refused(two_peaks(s2={"covered_by": [0]}), tmp_path)
    assert "the covers go round in a circle (slot 0 is covered by 2, 2 by 0)" in message


def test_the_slots_under_a_circle_can_never_be_freed(tmp_path):
    # 0 and 1 cover each other (drawn apart, so no overlap to speak of), and 0 covers slot 2.
    data = {
        "name": "knot",
        "slots": [
            {"x": 0, "y": 1, "peak": 0, "covered_by": [1]},
            {"x": 3, "y": 1, "peak": 0, "covered_by": [0]},
            {"x": 0.5, "y": 0, "peak": 0, "covered_by": [0]},
            {"x": 6, "y": 0, "peak": 0},
        ],
    }
    message = refused(data, tmp_path)
    assert "slot 0 is covered by 1, 1 by 0" in message
    assert "slot(s) 0, 1, 2 can never be freed" in message


def test_a_slot_covering_itself_is_a_circle(tmp_path):
    assert "(slot 4 is covered by 4)" in refused(two_peaks(s4={"covered_by": [4]}), tmp_path)


def test_more_slots_than_the_deck_fills_with_a_stock_left_are_refused(tmp_path):
    row = [{"x": x, "y": 0, "peak": 0} for x in range(MAX_SLOTS + 1)]
    assert Layout.from_dict({"name": "long", "slots": row[:MAX_SLOTS]}).slot_count == 50
    message = refused({"name": "long", "slots": row}, tmp_path)
    assert "a layout has 1 to 50 slots" in message and "one for the discard" in message and "has 51" in message
    assert "has 0" in refused({"name": "empty", "slots": []}, tmp_path)


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"s3": {"x": 0}}, "slots 2 at x=0, y=1 and 3 at x=0, y=1 are drawn on top of each other"),  # one place
        ({"s1": {"x": 1.25}}, "slots 0 at x=0.5, y=0 and 1 at x=1.25, y=0 are drawn on top of each other"),
        ({"s4": {"x": 1.5}}, "slots 3 at x=1, y=1 and 4 at x=1.5, y=1"),  # side by side, closer than a card
        ({"s1": {"x": 1, "y": 2.5}}, "slots 1 at x=1, y=2.5 and 3 at x=1, y=1"),  # half over a card of another row
    ],
)
def test_cards_overlapping_where_neither_covers_the_other_are_refused(changes, expected, tmp_path):
    message = refused(two_peaks(**changes), tmp_path)
    assert expected in message and "neither covers the other" in message


def test_a_slot_wholly_under_its_covers_is_refused(tmp_path):
    message = refused(two_peaks(s0={"x": 0, "y": 1}), tmp_path)  # at its cover's very place
    assert message.startswith("slot 0 at x=0, y=1 lies wholly under the slots covering it (2, 3)")
    # two covers side by side hide it together, though neither alone does
    message = refused(two_peaks(s0={"y": 1}), tmp_path)
    assert message.startswith("slot 0 at x=0.5, y=1 lies wholly under the slots covering it (2, 3)")


def test_a_card_may_be_covered_by_one_card_over_its_lower_half():
    column = Layout.from_dict(
        {"name": "column", "slots": [{"x": 0, "y": 0, "peak": 0, "covered_by": [1]}, {"x": 0, "y": 1, "peak": 0}]}
    )
    assert column.covers == ((), (0,))


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        ("bad.toml", 'name = "x"\nslots = [', "layout file .*bad.toml is not TOML: "),
        ("bad.json", '{"name": "x", "slots": [}', "layout file .*bad.json is not JSON: "),
        ("layout.yaml", "name: x", "a layout file's name ends in .toml or .json; got 'layout.yaml'"),
        ("list.json", "[1, 2]", "a layout is a table with a name and slots; got list"),
        ("noslots.toml", 'name = "x"', "a layout needs the key slots; it has name"),
        ("extra.json", '{"name": "x", "slots": [], "peaks": 3}', "a layout takes the keys name, slots; got 'peaks'"),
        ("name.json", '{"name": 3, "slots": []}', "a layout's name is text of 1 to 100 characters.*got int 3"),
        ("blank.json", '{"name": " ", "slots": []}', "a layout's name is text of 1 to 100 characters.*got str ' '"),
        ("slots.json", '{"name": "x", "slots": "abc"}', "a layout's slots are a list of tables; got str 'abc'"),
        ("slot.json", '{"name": "x", "slots": [3]}', "slot 0 is a table of x, y, peak and covered_by; got int 3"),
        ("nox.toml", 'name = "x"\n[[slots]]\ny = 0\npeak = 0', "slot 0 needs the key x; it has y, peak"),
        ("typo.toml", 'name = "x"\n[[slots]]\nx = 0\ny = 0\npeak = 0\ncoverd_by = [1]', "slot 0 takes the keys x, y"),
        (
            "x.toml",
            'name = "x"\n[[slots]]\nx = "0"\ny = 0\npeak = 0',
            "slot 0: x is a number from 0 to 1000; got str '0'",
        ),
        ("nan.json", '{"name": "x", "slots": [{"x": 0, "y": NaN, "peak": 0}]}', "slot 0: y is a number.*got float nan"),
        (
            "neg.toml",
            'name = "x"\n[[slots]]\nx = -1\ny = 0\npeak = 0',
            "slot 0: x is a number from 0 to 1000; got int -1",
        ),
        ("far.json", '{"name": "x", "slots": [{"x": 1' + "0" * 400 + ', "y": 0, "peak": 0}]}', "x is a number from 0"),
        ("bool.toml", 'name = "x"\n[[slots]]\nx = true\ny = 0\npeak = 0', "slot 0: x is a number.*got bool True"),
        ("peak.toml", 'name = "x"\n[[slots]]\nx = 0\ny = 0\npeak = 0.5', "slot 0: peak is a whole number.*float 0.5"),
        ("cov.toml", 'name = "x"\n[[slots]]\nx = 0\ny = 0\npeak = 0\ncovered_by = "1"', "covered_by is a list"),
    ],
)
def test_malformed_files_are_refused_saying_what_was_expected(name, text, expected, tmp_path):
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(InvalidLayoutError, match=expected):
        Layout.load(path)


def test_a_cover_naming_no_slot_and_peaks_with_a_gap_are_refused(tmp_path):
    assert refused(two_peaks(s0={"covered_by": [2, 9]}), tmp_path) == (
        "slot 0 is covered by slot 9, which is none: slots are 0 to 5"
    )
    assert "slot 0 names a cover twice: [2, 2]" in refused(two_peaks(s0={"covered_by": [2, 2]}), tmp_path)
    peaks = two_peaks(s1={"peak": 2}, s4={"peak": 2}, s5={"peak": 2})
    assert refused(peaks, tmp_path) == "peaks are numbered 0, 1, … each with a slot; no slot has peak 1"
    huge = two_peaks(s1={"peak": 10**30}, s4={"peak": 10**30}, s5={"peak": 10**30})
    assert refused(huge, tmp_path) == "peaks are numbered 0, 1, … each with a slot; no slot has peak 1"


def test_a_long_path_is_quoted_by_its_end(tmp_path):
    folder = tmp_path / ("d" * 100)
    folder.mkdir()
    (folder / "bad.json").write_text("{")
    with pytest.raises(InvalidLayoutError) as caught:
        Layout.load(folder / "bad.json")
    assert str(caught.value).startswith(f"layout file …{'d' * 70}/bad.json is not JSON")


def test_a_long_bad_value_is_quoted_short(tmp_path):
    message = refused(two_peaks(s0={"x": "9" * 1000}), tmp_path)
    assert message.startswith("slot 0: x is a number from 0 to 1000; got str '999")
    assert len(message) < 200


def test_a_layout_made_in_code_is_checked_too():
    with pytest.raises(InvalidLayoutError, match="drawn on top of each other"):
        Layout("twins", (LayoutSlot(0, 0, 0, ()), LayoutSlot(0, 0, 0, ())))


# -- a Layout checked when made, whatever made it (issue 53, required 3) ------------------------------------


def slot(**changes):
    return LayoutSlot(**{"x": 0, "y": 0, "peak": 0, "covered_by": (), **changes})


@pytest.mark.parametrize(
    ("slots", "expected"),
    [
        ((slot(x=float("nan")),), r"slot 0: x is a number from 0 to 1000; got float nan"),
        ((slot(y="1"),), r"slot 0: y is a number from 0 to 1000; got str '1'"),
        ((slot(x=True),), r"slot 0: x is a number from 0 to 1000; got bool True"),
        ((slot(peak=0.5),), r"slot 0: peak is a whole number, at least 0; got float 0.5"),
        ((slot(covered_by="1"),), r"slot 0: covered_by is a list of slot numbers; got str '1'"),
        (({"x": 0, "y": 0, "peak": 0},), r"slot 0 is a LayoutSlot\(x, y, peak, covered_by\); got dict"),
        (None, r"a layout's slots are a list of LayoutSlot; got NoneType None"),
        ("abc", r"a layout's slots are a list of LayoutSlot; got str 'abc'"),
    ],
)
def test_a_layout_made_in_code_is_checked_as_a_file_is(slots, expected):
    with pytest.raises(InvalidLayoutError, match=f"^{expected}"):
        Layout("Tower", slots)


def test_slots_given_as_a_list_are_kept_as_a_tuple_and_save_as_they_load(tmp_path):
    made = Layout("Tower", [slot(y=0, covered_by=[1]), slot(y=1)])
    assert made.slots == (LayoutSlot(0, 0, 0, (1,)), LayoutSlot(0, 1, 0, ())) and hash(made)
    for suffix in ("json", "toml"):
        made.save(tmp_path / f"tower.{suffix}")
        assert Layout.load(tmp_path / f"tower.{suffix}") == made


@pytest.mark.parametrize(
    ("name", "key"),
    [("Four Peaks", "FOUR-PEAKS"), ("Über", "ÜBER"), ("Πύργος", "Πύργος"), ("  my  own -- tower! ", "MY-OWN-TOWER")],
)
def test_a_name_of_any_script_has_a_key_of_its_letters_and_digits(name, key, tmp_path):
    made = Layout(name, THREE_PEAKS.slots[18:20])
    assert made.key == key
    made.save(tmp_path / "own.json")
    assert Layout.load(tmp_path / "own.json") == made


@pytest.mark.parametrize("name", ["", " ", "★★", "-" * 5, "x" * 101, "a" * 41])
def test_a_name_without_a_key_or_too_long_is_refused_saying_the_rule(name):
    with pytest.raises(InvalidLayoutError, match="its key in a game code is its letters and digits"):
        Layout(name, THREE_PEAKS.slots[18:20])


def test_a_name_utf8_cannot_write_is_refused_at_load(tmp_path):
    path = tmp_path / "surrogate.json"
    path.write_text(json.dumps({"name": "Tower\ud800", "slots": [{"x": 0, "y": 0, "peak": 0}]}))
    with pytest.raises(InvalidLayoutError, match="no control character or lone surrogate"):
        Layout.load(path)


@pytest.mark.parametrize(("suffix", "text"), [("json", "[" * 100_000), ("toml", "a = " + "[" * 100_000)])
def test_a_deeply_nested_file_is_refused_not_a_recursion_error(suffix, text, tmp_path):
    path = tmp_path / f"deep.{suffix}"
    path.write_text(text)
    with pytest.raises(InvalidLayoutError, match="is nested deeper than a layout's tables and lists"):
        Layout.load(path)


def test_a_file_larger_than_a_layout_is_refused_unread(tmp_path):
    path = tmp_path / "large.json"
    path.write_text(json.dumps({"name": "Large", "slots": [], "pad": " " * 1_000_000}))
    with pytest.raises(InvalidLayoutError, match="is larger than a layout is: at most 1,000,000 bytes"):
        Layout.load(path)


def test_three_peaks_slots_under_another_spelling_are_three_peaks():
    same = Layout("three peaks", THREE_PEAKS.slots)
    assert Layout.parse(same) is THREE_PEAKS
    assert Layout.parse(None) is THREE_PEAKS and Layout.parse("THREE-peaks") is THREE_PEAKS
