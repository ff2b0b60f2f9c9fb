"""The rule book (docs/rules.md) defines every rule the project cites: each R-id, V-id and
§-section named in the code, the tests, the notebooks, the front end, the benchmarks and README."""

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULE_BOOK = ROOT / "docs" / "rules.md"
CITING = ["tripeaks_widget", "tests", "examples", "js/src", "js/test", "benchmarks", "README.md"]
SKIPPED = {"static", "node_modules", "__pycache__", "locale"}  # built or generated files
TEXT_SUFFIXES = {".py", ".js", ".mjs", ".ts", ".md", ".ipynb", ".json", ".css", ".html", ".toml"}

CITATION = re.compile(r"\b([RV]\d+(?:\.\d+)?)\b|§\s?(\d+)(?:\s?[–-]\s?(\d+))?")
TEST_NAME = re.compile(r"\btest_([rv])(\d+)(?:_(\d+))?(?=_|\b)")  # test_r6_6_… cites R6.6, test_v3_… V3


def cited_ids(text: str) -> set[str]:
    ids = set()
    for rule, first, last in CITATION.findall(text):
        if rule:
            ids.add(rule)
        else:  # §9, or a range §1–7
            ids.update(f"§{n}" for n in range(int(first), int(last or first) + 1))
    for kind, section, item in TEST_NAME.findall(text):
        ids.add(kind.upper() + section + (f".{item}" if item and kind == "r" else ""))
    return ids


def source_text(path: Path) -> str:
    """A file's text; of a notebook, its cells' sources only (outputs may hold base64 images)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".ipynb":
        return "\n".join("".join(cell["source"]) for cell in json.loads(text)["cells"])
    return text


def citing_files() -> list[Path]:
    files = []
    for entry in CITING:
        path = ROOT / entry
        candidates = [path] if path.is_file() else sorted(path.rglob("*"))
        files += [
            p
            for p in candidates
            if p.is_file() and p.suffix in TEXT_SUFFIXES and not SKIPPED & set(p.relative_to(ROOT).parts)
        ]
    return files


def citations() -> dict[str, set[str]]:
    """Each cited id, with the files that cite it."""
    where: dict[str, set[str]] = {}
    for path in citing_files():
        for rule in cited_ids(source_text(path)):
            where.setdefault(rule, set()).add(str(path.relative_to(ROOT)))
    return where


def defined_ids() -> set[str]:
    """The ids the rule book defines: each rule in bold (``**R6.4**``, ``**V3**``) and each
    numbered section heading, with the id it is cited by (``## 1. The layout (R1)``, ``(§8)``)."""
    text = RULE_BOOK.read_text(encoding="utf-8")
    ids = set(re.findall(r"\*\*([RV]\d+(?:\.\d+)?)\*\*", text))
    for number, name in re.findall(r"^## (\d+)\. .*\((R\d+|§\d+)\)$", text, flags=re.M):
        ids |= {name, f"§{number}"}
    return ids


def test_the_rule_book_defines_every_cited_rule():
    defined = defined_ids()
    missing = {rule: sorted(files) for rule, files in citations().items() if rule not in defined}
    assert not missing, "cited but not defined in docs/rules.md: " + "; ".join(
        f"{rule} (in {', '.join(files[:3])})" for rule, files in sorted(missing.items())
    )


def test_the_scan_sees_the_citations_it_must():
    where = citations()
    assert len(where) > 40  # R1.1 … R7, V2 … V6, §1 … §9
    assert "tripeaks_widget/engine/game.py" in where["R6.1"] and "README.md" in where["R6.4"]
    assert "tests/engine/test_codes.py" in where["R6.6"]  # from its test names too
    assert any(f.startswith("examples/") for f in where["R6.4"])
    assert any(f.startswith("js/") for f in set().union(*where.values()))


@pytest.mark.parametrize(
    "text, ids",
    [
        ("see R6.4 and R7, V3", {"R6.4", "R7", "V3"}),
        ("SPEC §1–7 and § 9", {f"§{n}" for n in range(1, 8)} | {"§9"}),
        ("def test_r6_6_codes(): def test_r7_words(): def test_v2_hogue_scoring():", {"R6.6", "R7", "V2"}),
        ("KR10x, VR3, R2D2, TP1-E-AAAAAAB", set()),
    ],
)
def test_citations_are_read_as_written(text, ids):
    assert cited_ids(text) == ids


def test_every_rule_is_defined_once_and_the_book_cites_its_three_sources():
    text = RULE_BOOK.read_text(encoding="utf-8")
    bold = re.findall(r"\*\*([RV]\d+(?:\.\d+)?)\*\*", text)
    assert sorted(set(bold)) == sorted(bold), "a rule defined twice"
    for source in ("Greek", "Hebrew", "Icelandic"):
        assert source in text
    assert "seeds/" not in text and "SPEC" not in text
