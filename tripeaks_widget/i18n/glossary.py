"""The fixed terms of each language: one word per concept, as the seeds' rule books write them.

Each :class:`Term` is a concept of the game (the deal, a draw, the stock…), how English says it
(a pattern over the message ids), and for every translated language its word (shown in
CONTRIBUTING.md's glossary), the pattern its forms match (inflections, the verb beside the noun)
and, where a synonym crept in before, the pattern of that word. ``python tools/catalogs.py
check`` reports a translation of an English text that names the concept
without the language's term, or with the word it replaced. A translation that leaves the term
out on purpose says so in a translator's comment of its ``.po`` entry::

    # glossary-exception: deal (the button is the verb alone)

Patterns are matched against the text case-folded and without accents (``Μοιρασιά`` reads
``μοιρασια``, a final ``ς`` reads ``σ``), so they need not spell every capital and accent; a
language's :data:`RULES` are matched against the text as written (Icelandic capitalises the
names of the piles).
"""

from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

EXCEPTION = "glossary-exception:"  # a translator's comment that exempts its entry from a term


class Word(NamedTuple):
    word: str  # the headword, as the glossary shows it
    forms: str  # a pattern every translation naming the concept matches
    instead: str | None = None  # a pattern of the word this term replaced: never used


class Term(NamedTuple):
    name: str
    english: str  # a pattern over the English message ids
    words: dict[str, Word]


TERMS = (
    Term(
        "deal",
        r"\bdeal(s|t|ing)?\b",
        {
            "el": Word("μοιρασιά (μοιράζω)", r"μοιρασι|μοιρα(ζ|στ|σε)", r"μοιρασμα"),
            "he": Word("חלוקה (לחלק)", r"ח[וי]?ל[וי]?ק"),
            "is": Word("gjöf (gefa)", r"gjof|gjaf|gef"),
        },
    ),
    Term(
        "draw",
        r"\bdraw(s|n|ing)?\b",
        {
            "el": Word("τράβηγμα (τραβώ)", r"τραβ"),
            "he": Word("משיכה (למשוך)", r"מש[וי]?[כך]|מוש[כך]"),
            "is": Word("dráttur (draga)", r"dratt|drætt|drag|dreg"),
        },
    ),
    Term(
        "stock",
        r"\bstock\b",
        {
            "el": Word("στοίβα τραβήγματος", r"στοιβ\w* τραβηγματ"),
            "he": Word("קופת משיכה (הקופה)", r"קופ"),
            "is": Word("Stokkurinn", r"stokk"),
        },
    ),
    Term(
        "discard",
        r"\bdiscard\b",
        {
            "el": Word("στοίβα απόρριψης (φύλλο απόρριψης)", r"απορριψ"),
            "he": Word("ערימת השלכה", r"השלכה"),
            "is": Word("Úrgangurinn", r"urgang"),
        },
    ),
    Term(
        "peak",
        r"\bpeaks?\b",
        {
            "el": Word("κορυφή", r"κορυφ"),
            "he": Word("פסגה", r"פסג"),
            "is": Word("Tindur (Tindar)", r"tind"),
        },
    ),
    Term(
        "hidden card",
        r"\bhidden\b",
        {
            "el": Word("κλειστό φύλλο", r"κλειστ", r"κρυφ"),
            "he": Word("קלף מוסתר", r"מוסתר"),
            "is": Word("hulið spil", r"hul"),
        },
    ),
    Term(
        "top row",
        r"\bpeak tops\b|\btop row\b",
        {
            "el": Word("κορυφαία φύλλα", r"κορυφαια"),
            "he": Word("ראשי הפסגות", r"ראשי הפסגות"),
            "is": Word("Toppar Tindanna", r"topp"),
        },
    ),
    Term(
        "hint",
        r"\bhints?\b",
        {
            "el": Word("υπόδειξη", r"υποδειξ"),
            "he": Word("רמז", r"רמז"),
            "is": Word("vísbending", r"visbend"),
        },
    ),
    Term(
        "challenge",
        r"(?<!\{)\bchallenges?\b(?!\})",
        {
            "el": Word("πρόκληση", r"προκλησ|προκληση"),
            "he": Word("אתגר", r"אתגר"),
            "is": Word("áskorun", r"askorun"),
        },
    ),
    Term(
        "goal",
        r"(?<!\{)\bgoals?\b(?!\})",  # not a placeholder's name: {goal}
        {
            "el": Word("στόχος", r"στοχ"),
            "he": Word("יעד", r"יעד"),
            "is": Word("markmið", r"markmi"),
        },
    ),
)

# What a language never writes, matched against the text as written.
RULES: dict[str, tuple[tuple[str, str], ...]] = {
    "is": (
        (
            r"(?<!\w)(stokk(ur|urinn|inn|num|sins|s)?|tind(ur|ar|arnir|a|ana|anna|um|unum)"
            r"|úrgang(ur|urinn|i|inum|s|sins)?)(?!\w)",
            "the piles' names are capitalised in every form (Stokkurinn, Tindar, Úrgangur), "
            "as the seed's rules write them",
        ),
    ),
}

LANGUAGE_NAMES = {"el": "Greek", "he": "Hebrew", "is": "Icelandic"}


def plain(text: str) -> str:
    """``text`` case-folded, without accents: what the patterns are matched against."""
    decomposed = unicodedata.normalize("NFD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def exempt(comments: list[str]) -> set[str]:
    """The terms a translator's comments exempt an entry from: ``glossary-exception: deal, draw (why)``."""
    out: set[str] = set()
    for comment in comments:
        comment = comment.strip()
        if comment.startswith(EXCEPTION):
            out |= {name.strip() for name in comment[len(EXCEPTION) :].split("(")[0].split(",")}
    return out


def problems(lang: str, english: str, strings: list[str], comments: list[str]) -> list[str]:
    """What is wrong with these translations (one per plural form) of ``english`` in ``lang``."""
    wrong = []
    skip = exempt(comments)
    for term in TERMS:
        word = term.words.get(lang)
        if word is None or term.name in skip:
            continue
        named = re.search(term.english, english, re.I)
        for string in strings:
            text = plain(string)
            if named and not re.search(word.forms, text):
                wrong.append(f"names the {term.name} without the glossary's term {word.word!r}: {string!r}")
            if word.instead and re.search(word.instead, text):
                wrong.append(f"says the {term.name} with a word the glossary replaced by {word.word!r}: {string!r}")
    for pattern, why in RULES.get(lang, ()):
        for string in strings:
            if re.search(pattern, string):
                wrong.append(f"{why}: {string!r}")
    return wrong


def table() -> str:
    """The glossary as CONTRIBUTING.md shows it: a Markdown table, a row per term."""
    langs = list(LANGUAGE_NAMES)
    lines = [
        "| English | " + " | ".join(LANGUAGE_NAMES[lang] for lang in langs) + " |",
        "|---|" + "---|" * len(langs),
    ]
    for term in TERMS:
        lines.append(f"| {term.name} | " + " | ".join(term.words[lang].word for lang in langs) + " |")
    return "\n".join(lines) + "\n"
