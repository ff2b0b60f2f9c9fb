"""Text a player reads, declared once: the one kind of text that keeps its template.

Every message is declared where it belongs, as a module constant: ``MUST_FIT =
Message("Must be one rank higher or lower")``, or a catalog :class:`Entry` when it needs a plural
form, a context or a note for translators (``Entry("{n} card", "{n} cards")``). The catalog tools
(``python tools/catalogs.py``) collect exactly these declarations. A :class:`Message` is
its English text (a ``str``), and keeps its entry and values, so the presentation layer
(:mod:`tripeaks_widget.i18n`) can say it in another language. Nothing here translates: the engine
imports this module and stays free of languages and display.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Entry(NamedTuple):
    """One message of the catalogs: its English text, plural, context and a note for translators."""

    msgid: str
    plural: str | None = None
    context: str | None = None
    comment: str = ""

    def english(self, n: int | None = None) -> str:
        """The English text; a plural entry picks its form by ``n`` (one, else many)."""
        return self.msgid if self.plural is None or n == 1 else self.plural


class Message(str):
    """English text that keeps its catalog entry and values, so it can be said in any language.

    ``Message("You won!")`` declares a message; ``Message(HINT_PLAY, card=NamedCard("K♣"))`` fills
    a declared one (a Message or an :class:`Entry`) with values; a plural entry picks its form
    by the value ``n`` (``Message(Entry("{n} move", "{n} moves"), n=3)`` is ``"3 moves"``).
    Values may be numbers, cards, rule-set names or other Messages, and are said in the
    language too. ``template`` is the entry's English text, ``values`` the values."""

    entry: Entry
    template: str
    values: dict[str, Any]  # numbers, cards, rule-set names, other Messages

    def __new__(cls, declared: Entry | str, /, **values: Any) -> Message:
        if isinstance(declared, Message):
            entry = declared.entry
        elif isinstance(declared, Entry):
            entry = declared
        else:
            entry = Entry(str(declared))
        english = entry.english(values.get("n"))
        text = super().__new__(cls, english.format(**values) if values else english)
        text.entry, text.template, text.values = entry, entry.msgid, values
        return text
