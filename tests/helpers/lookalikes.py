"""Look-alikes of ASCII input: every character that Unicode case mapping turns into ASCII
letters (``ı`` → ``I``, ``ſ`` → ``S``, ``ß`` → ``SS``, ``ﬁ`` → ``FI``, the Kelvin sign → ``k`` …),
and the strings they make of a valid input. The parsers must refuse them all (R6.6)."""

import re
import sys


def _ascii_images(ch: str) -> set[str]:
    return {image.lower() for image in (ch.upper(), ch.lower(), ch.casefold()) if image.isascii()}


_ASCII = re.compile(r"[\x00-\x7f]")
_BLOCK = 1024


def _maybe_mapped(start: int, end: int) -> bool:
    """Whether any character from ``start`` to ``end`` may have a case mapping into ASCII: a block
    whose upper, lower and folded cases are each one character a character and hold no ASCII has
    none (a block's mappings are taken at once: one character at a time, the scan takes a second)."""
    block = "".join(map(chr, range(start, end)))
    images = (block.upper(), block.lower(), block.casefold())
    return any(len(image) != len(block) or _ASCII.search(image) for image in images)


# Every non-ASCII character with a case mapping into ASCII (a dozen: ß ı ſ ẞ K ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ).
CASE_LOOKALIKES: dict[str, set[str]] = {
    chr(i): _ascii_images(chr(i))
    for start in range(0x80, sys.maxunicode + 1, _BLOCK)
    if _maybe_mapped(start, min(start + _BLOCK, sys.maxunicode + 1))
    for i in range(start, min(start + _BLOCK, sys.maxunicode + 1))
    if _ascii_images(chr(i))
}
# Look-alikes that no case mapping makes, refused all the same: full-width letters, Cyrillic,
# a non-breaking space around the text.
OTHER_LOOKALIKES = {"Ｅ": "e", "Ａ": "a", "К": "k", "С": "c", "Т": "t", "Р": "p"}


def lookalike_variants(text: str) -> list[str]:
    """Every string made from ``text`` by putting one look-alike in place of the ASCII letters it
    stands for (compared without case)."""
    folded = text.lower()
    variants = []
    table = [(ch, image) for ch, images in CASE_LOOKALIKES.items() for image in images]
    table += list(OTHER_LOOKALIKES.items())
    for ch, image in table:
        start = folded.find(image)
        while start != -1:
            variants.append(text[:start] + ch + text[start + len(image) :])
            start = folded.find(image, start + 1)
    return variants
