"""Keep the message catalogs in step with the code.

    python tools/catalogs.py update    # the template and every language's .po from the code
    python tools/catalogs.py compile   # each .po to the .mo that the game reads
    python tools/catalogs.py check     # what is missing, stale, fuzzy or out of date
    python tools/catalogs.py glossary  # the fixed terms, as CONTRIBUTING.md shows them

The message set is read from the code, never listed by hand:

- the engine's and the widget's messages, as each module of the package declares them
  (:mod:`tripeaks_widget.engine.messages`): every module-level ``NAME = Message("...")``, and every
  template given to ``Message(...)`` in place (a literal, or a local name assigned literals).
  A ``Message(NAME)`` whose NAME is not such a declaration is a problem ``check`` reports;
  other constants, UPPER_CASE or not, are not messages;
- the board in words (R7): :data:`tripeaks_widget.engine.words.BOARD_ENTRIES` (the card names come
  from ``cards.py``, the row names from ``layout.py``);
- the records' notices: :data:`tripeaks_widget.records.notices.NOTICE_ENTRIES` (entries with plural
  forms);
- the goals' words: :data:`tripeaks_widget.goals.words.GOAL_ENTRIES` (challenges, progress, the
  best possible);
- the front end's labels: the ``LABELS`` table of ``js/src/labels.js``, each with its key as
  the context; ``update`` copies it to ``locale/labels.json`` for :func:`~tripeaks_widget.i18n.labels`.

``update`` rewrites ``locale/tripeaks.pot`` and merges it into every
``locale/<lang>/LC_MESSAGES/tripeaks.po``: a new message comes in untranslated, a changed
one keeps its old translation marked fuzzy for review, a removed one goes. Translate, then
``compile``; ``check`` (also a test) passes only when every message has a reviewed
translation in every language with the same placeholders, and the template, the labels and
the ``.mo`` files are up to date, and every translation uses the fixed terms of
:mod:`tripeaks_widget.i18n.glossary` (which CONTRIBUTING.md shows). This module needs Babel; the
game itself reads the ``.mo`` files with the standard library alone.
"""

from __future__ import annotations

import ast
import functools
import gettext
import inspect
import io
import json
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from string import Formatter

from babel.messages.catalog import Catalog
from babel.messages.catalog import Message as BabelMessage
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from tripeaks_widget import __version__, i18n
from tripeaks_widget.engine import words
from tripeaks_widget.engine.errors import InvalidValueError
from tripeaks_widget.goals import words as goal_words
from tripeaks_widget.i18n import DOMAIN, LABELS_FILE, LANGUAGES, LOCALE_DIR, SOURCE_LANGUAGE, Entry, glossary
from tripeaks_widget.records import notices as record_notices

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tripeaks_widget"
LABELS_JS = ROOT / "js" / "src" / "labels.js"
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
CONTRIBUTING = ROOT / "CONTRIBUTING.md"
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != SOURCE_LANGUAGE)

# modules' own tables of entries
ENTRY_TABLES = ((words, "BOARD_ENTRIES"), (record_notices, "NOTICE_ENTRIES"), (goal_words, "GOAL_ENTRIES"))
COUNT_FIELD = "n"  # a plural form may leave the count out ("one card", "קלף אחד")

LANGUAGE_NAMES = {"el": "Greek", "he": "Hebrew", "is": "Icelandic"}
TEAM = "tripeaks-widget"
VOLATILE = re.compile(r'^"(POT-Creation-Date|PO-Revision-Date|Generated-By): .*\\n"$', re.M)

Key = tuple  # (context, msgid)


class Found:
    """A message of the set: its entry and where the code has it."""

    def __init__(self, entry: Entry, location: str, note: str) -> None:
        self.entry, self.locations, self.notes = entry, [location], [note] if note else []

    @property
    def key(self) -> Key:
        """The entry's key in a catalog: (context, msgid)."""
        return (self.entry.context, self.entry.msgid)


# -- reading the code ------------------------------------------------------------------------------


def _strings(node: ast.AST) -> list[str]:
    return [n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)]


SCANNED = ("engine", "fair", "board", "i18n")  # with the package's own modules and records/player.py


def sources() -> list[str]:
    """The package's modules, by name: each is scanned for the messages it declares."""
    return sorted(
        path.relative_to(PACKAGE).with_suffix("").as_posix()
        for path in PACKAGE.rglob("*.py")
        if path.stem != "__main__" and (path.parent == PACKAGE or path.parent.name in SCANNED or path.stem == "player")
    )


def _imported(module: str, node: ast.ImportFrom) -> str:
    """The module (as ``sources`` names it) that a relative import in ``module`` reads from."""
    folder = module.split("/")[:-1]
    folder = folder[: len(folder) - (node.level - 1)] if node.level > 1 else folder
    return "/".join([*folder, *(node.module or "").split(".")])


def _is_message(node: ast.AST | None) -> bool:
    return isinstance(node, ast.Call) and (
        (isinstance(node.func, ast.Name) and node.func.id == "Message")
        or (isinstance(node.func, ast.Attribute) and node.func.attr == "Message")
    )


def declarations(module: str) -> dict[str, tuple[str | None, int]]:
    """The messages ``tripeaks_widget/<module>.py`` declares: ``NAME = Message("text")`` at module
    level, by name (text, line; None for a text that is no plain template)."""
    return {name: (text, line) for name, text, line, _ in _declared(_tree(module))}


def _tree(module: str) -> ast.Module:
    path = PACKAGE / f"{module}.py"
    return _parsed(str(path), path.read_text(encoding="utf-8"))


@functools.cache
def _parsed(path: str, text: str) -> ast.Module:
    """A source's syntax tree, parsed once for each text it has (a scan reads a module's imports'
    declarations too, and a check scans every module); nothing here changes a tree."""
    return ast.parse(text, path)


def _declared(tree: ast.Module) -> list[tuple[str, str | None, int, ast.Call]]:
    out = []
    for node in tree.body:
        value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
        targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
        if not _is_message(value):
            continue
        assert isinstance(value, ast.Call)
        arg = value.args[0] if value.args else None
        text = arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None
        for target in targets:
            if isinstance(target, ast.Name):
                out.append((target.id, text, node.lineno, value))
    return out


def scan(module: str, problems: list[str] | None = None) -> list[tuple[str, int, str]]:
    """The messages of ``tripeaks_widget/<module>.py``: (text, line, what) for each declaration
    and each template given to ``Message`` in place; one it cannot read goes to ``problems``."""
    tree = _tree(module)
    found: list[tuple[str, int, str]] = []
    declared: set[str] = set()
    at_declaration: set[ast.Call] = set()
    for name, text, line, declared_call in _declared(tree):
        at_declaration.add(declared_call)
        if text is None:
            if problems is not None:
                problems.append(
                    f"{module}.py:{line}: {name} is an f-string or an expression: a message must be "
                    f"declared as a plain template, {name} = Message('...'), and filled with Message({name}, ...)"
                )
            continue
        declared.add(name)
        found.append((text, line, f"{module}.{name}"))
    elsewhere = {  # the names of messages imported from the package's other modules
        alias.asname or alias.name
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.level >= 1 and node.module
        for alias in node.names
        if (PACKAGE / f"{_imported(module, node)}.py").exists() and alias.name in declarations(_imported(module, node))
    }

    parents = {child: parent for parent in ast.walk(tree) for child in ast.iter_child_nodes(parent)}

    def scope_of(node: ast.AST) -> ast.AST:
        while node in parents and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            node = parents[node]
        return node

    for call in ast.walk(tree):
        if not _is_message(call) or call in at_declaration:
            continue
        assert isinstance(call, ast.Call)
        arg = call.args[0] if call.args else None
        what = f"a Message template in {module}.py"
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            found.append((arg.value, call.lineno, what))
            continue
        if isinstance(arg, ast.Name):
            if arg.id in declared or arg.id in elsewhere:
                continue
            assigned = [
                n.value
                for n in ast.walk(scope_of(call))
                if isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == arg.id for t in n.targets)
            ]
            leaves = _names(assigned)
            literal = [leaf.value for leaf in leaves if isinstance(leaf, ast.Constant) and isinstance(leaf.value, str)]
            named = [leaf for leaf in leaves if isinstance(leaf, ast.Name) and leaf.id in declared | elsewhere]
            if leaves and len(literal) + len(named) == len(leaves):
                found.extend((text, call.lineno, what) for text in literal)
                continue
        if problems is not None:
            problems.append(
                f"{module}.py:{call.lineno}: cannot read this Message's template; give Message "
                "a declared message (NAME = Message('...')), a string literal, or a local name assigned them"
            )
    return found


def _names(values: list[ast.expr]) -> list[ast.expr]:
    """The leaves of local assignments (``a if c else b`` gives both)."""
    leaves: list[ast.expr] = []
    for value in values:
        if isinstance(value, ast.IfExp):
            leaves += _names([value.body, value.orelse])
        else:
            leaves.append(value)
    return leaves


def read_js_labels(path: Path | None = None) -> dict[str, str]:
    """The ``LABELS`` table of ``js/src/labels.js``: key -> English text, in order."""
    path = LABELS_JS if path is None else path
    source = path.read_text(encoding="utf-8")
    start = re.search(r"export\s+const\s+LABELS\s*=\s*\{", source)
    if not start:
        raise InvalidValueError(f"{path}: no 'export const LABELS = {{' table")
    item = re.compile(
        r"""\s*(?://[^\n]*\n\s*)*(?:([A-Za-z_$][\w$]*)|"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)')\s*:\s*"""
        r"""("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')\s*(,|(?=\s*(?://[^\n]*\n\s*)*\}))"""
    )
    table: dict[str, str] = {}
    at = start.end()
    while True:
        end = re.compile(r"\s*(?://[^\n]*\n\s*)*\}").match(source, at)
        if end:
            return table
        match = item.match(source, at)
        if not match:
            line = source.count("\n", 0, at) + 1
            raise InvalidValueError(f'{path}:{line}: cannot read the LABELS table here (keep it to key: "text" pairs)')
        key = match.group(1) or ast.literal_eval(
            f'"{match.group(2)}"' if match.group(2) is not None else f"'{match.group(3)}'"
        )
        table[key] = ast.literal_eval(match.group(4))
        at = match.end()


def english_labels(problems: list[str] | None = None) -> dict[str, str]:
    """The front end's English labels: from ``js/src/labels.js`` in a source tree, else the shipped copy."""
    if LABELS_JS.exists():
        return read_js_labels()
    if problems is not None:
        problems.append(f"{LABELS_JS} is not here: the labels were taken from {LABELS_FILE.name} unchecked")
    return json.loads(LABELS_FILE.read_text(encoding="utf-8"))


def message_set(problems: list[str] | None = None) -> dict[Key, Found]:
    """Every message of the code, in catalog order: engine and widget, the board, the records'
    notices, the goals, the labels."""
    found: dict[Key, Found] = {}

    def add(entry: Entry, location: str, note: str = "") -> None:
        item = Found(entry, location, note)
        if item.key in found:
            old = found[item.key]
            old.locations += [loc for loc in item.locations if loc not in old.locations]
            old.notes += [n for n in item.notes if n not in old.notes]
        else:
            found[item.key] = item

    for module in sources():
        for text, _line, what in scan(module, problems):
            add(Entry(text), f"tripeaks_widget/{module}.py", f"Shown to the player ({what}).")
    for owner, table in ENTRY_TABLES:
        where = Path(inspect.getfile(owner)).relative_to(ROOT).as_posix()
        for entry in getattr(owner, table):
            add(entry, where, entry.comment)
    for key, text in english_labels(problems).items():
        entry = i18n.label_entry(key, text)
        add(entry, "js/src/labels.js", entry.comment)
    return found


# -- catalogs ----------------------------------------------------------------------------------------------


def fields(text: str) -> set[str]:
    """The ``{placeholders}`` of a text (ValueError when its braces do not parse)."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in Formatter().parse(text) if name is not None}


def forms(text: str) -> set[str]:
    """The forms a text asks its placeholders for (``{card:object}`` asks for ``object``)."""
    return {spec for _, name, spec, _ in Formatter().parse(text) if name is not None and spec}


def _babel_id(entry: Entry) -> str | tuple[str, str]:
    return (entry.msgid, entry.plural) if entry.plural is not None else entry.msgid


def template_catalog(problems: list[str] | None = None) -> Catalog:
    """The template catalog: every message the code declares (problems found go to ``problems``)."""
    template = Catalog(
        project="tripeaks-widget",
        version=__version__,
        charset="utf-8",
        msgid_bugs_address=TEAM,
        language_team=TEAM,
        last_translator=TEAM,
        header_comment="# The messages of tripeaks-widget in English: the template of the catalogs.\n"
        "# Made from the code by: python tools/catalogs.py update",
    )
    for item in message_set(problems).values():
        entry = item.entry
        try:
            braces = fields(entry.msgid) | fields(entry.plural or "")
        except ValueError:
            braces = set()
        template.add(
            _babel_id(entry),
            string=("", "") if entry.plural is not None else "",
            # no line numbers: Babel writes a location's None as none (its annotation says int)
            locations=[(loc, None) for loc in item.locations],  # type: ignore[misc]
            auto_comments=item.notes,
            context=entry.context,
            flags=["python-brace-format"] if braces else [],
        )
    return template


def po_path(lang: str) -> Path:
    """Where language ``lang``'s catalog (``.po``) lives."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def _rel(path: Path) -> str:
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


def read_catalog(path: Path, lang: str | None = None) -> Catalog:
    """The catalog in the ``.po`` file at ``path``, read as ``lang``."""
    with open(path, "rb") as file:
        return read_po(file, locale=lang, charset="utf-8")


def _render(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, ignore_obsolete=True, include_previous=False, include_lineno=False)
    return buffer.getvalue()


def _same(new: bytes, path: Path) -> bool:
    """Whether ``path`` already says ``new``, dates and the tool's version aside."""
    if not path.exists():
        return False
    strip = lambda data: VOLATILE.sub("", data.decode("utf-8"))  # noqa: E731
    return strip(new) == strip(path.read_bytes())


def _write(path: Path, data: bytes) -> bool:
    if _same(data, path) if path.suffix != ".mo" else (path.exists() and path.read_bytes() == data):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def update() -> list[str]:
    """Rewrite the labels copy and the template from the code, merge it into every language."""
    notes: list[str] = []
    problems: list[str] = []
    labels = english_labels(problems)
    if _write(LABELS_FILE, (json.dumps(labels, ensure_ascii=False, indent=1) + "\n").encode("utf-8")):
        notes.append(f"wrote {_rel(LABELS_FILE)}")
    template = template_catalog(problems)
    if _write(TEMPLATE, _render(template)):
        notes.append(f"wrote {_rel(TEMPLATE)} ({len(template)} messages)")
    for lang in TRANSLATED:
        path = po_path(lang)
        if path.exists():
            catalog = read_catalog(path, lang)
        else:
            catalog = Catalog(locale=lang, project="tripeaks-widget", charset="utf-8", fuzzy=False)
        catalog.project, catalog.version = "tripeaks-widget", __version__
        catalog.msgid_bugs_address, catalog.language_team, catalog.last_translator = TEAM, TEAM, TEAM
        catalog.header_comment = (
            f"# The messages of tripeaks-widget in {LANGUAGE_NAMES.get(lang, lang)}.\n"
            "# Merged from the template by: python tools/catalogs.py update"
        )
        catalog.update(template, update_header_comment=False)
        catalog.fuzzy = False
        if _write(path, _render(catalog)):
            notes.append(f"wrote {_rel(path)}")
        todo = sum(1 for m in list(catalog)[1:] if m.fuzzy or not _translated(m))
        if todo:
            notes.append(f"{lang}: {todo} message(s) to translate or review")
    return notes + problems


def _translated(message) -> bool:
    strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    return all(strings)


def compile_catalogs() -> list[str]:
    """Compile every language's ``.po`` to its ``.mo`` (reviewed translations only)."""
    notes = []
    for lang in TRANSLATED:
        buffer = io.BytesIO()
        write_mo(buffer, read_catalog(po_path(lang), lang), use_fuzzy=False)
        path = i18n.mo_path(lang)
        if _write(path, buffer.getvalue()):
            notes.append(f"wrote {_rel(path)}")
    i18n.forget_catalogs()
    i18n.english_labels.cache_clear()
    return notes


# -- checking ------------------------------------------------------------------------------------------------


def _ids(message: BabelMessage) -> tuple[str, str | None]:
    """A catalog message's English text and its plural (None: it has no plural forms)."""
    if isinstance(message.id, str):
        return message.id, None
    return message.id[0], message.id[1]


def _translations(message: BabelMessage) -> list[str]:
    """A catalog message's translations, one for each plural form of a plural one ("": none)."""
    string = message.string
    return list(string) if isinstance(string, (list, tuple)) else [string or ""]


def _mo_key(message) -> str:
    msgid = message.id[0] if message.pluralizable else message.id
    return f"{message.context}\x04{msgid}" if message.context else msgid


def _expected_mo(catalog: Catalog) -> dict:
    table: dict = {}
    for message in list(catalog)[1:]:
        if message.fuzzy or not _translated(message):
            continue
        if message.pluralizable:
            for index, string in enumerate(_translations(message)):
                table[(_mo_key(message), index)] = string
        else:
            table[_mo_key(message)] = message.string
    return table


def _describe_key(key: Key) -> str:
    context, msgid = key
    return f"{msgid!r}" + (f" (context {context!r})" if context else "")


def check_translation(entry: Entry, strings: Iterable[str]) -> list[str]:
    """What is wrong with the translations (one per plural form) of ``entry``."""
    wrong = []
    try:
        wanted = fields(entry.msgid) | fields(entry.plural or "")
    except ValueError:
        return ["its English text has unbalanced braces"]
    for index, string in enumerate(strings):
        form = f"form {index}: " if entry.plural is not None else ""
        if not string:
            wrong.append(f"{form}not translated")
            continue
        try:
            have = fields(string)
        except ValueError:
            wrong.append(f"{form}unbalanced braces in {string!r}")
            continue
        missing = wanted - have - ({COUNT_FIELD} if entry.plural is not None else set())
        if missing or have - wanted:
            wrong.append(f"{form}placeholders {sorted(have)} instead of {sorted(wanted)} in {string!r}")
        unknown = forms(string) - set(words.CARD_FORMS)
        if unknown:
            wrong.append(
                f"{form}asks for the form {sorted(unknown)} in {string!r}; "
                f"a card's forms are {sorted(words.CARD_FORMS)}"
            )
    return wrong


def check() -> list[str]:
    """Every problem of the catalogs; an empty list when all is well."""
    problems: list[str] = []
    expected = message_set(problems)
    try:
        labels = english_labels()
    except (OSError, ValueError) as error:
        labels = {}
        problems.append(str(error))
    try:
        shipped = json.loads(LABELS_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        shipped = None
        problems.append(f"{_rel(LABELS_FILE)}: {error}")
    if shipped is not None and shipped != labels:
        problems.append(
            f"{_rel(LABELS_FILE)} is not the table of js/src/labels.js: run python tools/catalogs.py update"
        )

    if not TEMPLATE.exists():
        problems.append(f"{_rel(TEMPLATE)} is missing: run python tools/catalogs.py update")
        return problems
    template = read_catalog(TEMPLATE)
    in_template = {(m.context, m.id[0] if m.pluralizable else m.id): m for m in list(template)[1:]}
    for key in expected.keys() - in_template.keys():
        problems.append(
            f"the template lacks {_describe_key(key)} from {', '.join(expected[key].locations)}: "
            "run python tools/catalogs.py update"
        )
    for key in in_template.keys() - expected.keys():
        problems.append(
            f"the template has {_describe_key(key)}, which the code no longer has: run python tools/catalogs.py update"
        )
    for key in expected.keys() & in_template.keys():
        plural = in_template[key].id[1] if in_template[key].pluralizable else None
        if plural != expected[key].entry.plural:
            problems.append(
                f"the template's plural of {_describe_key(key)} is {plural!r}, the code's "
                f"{expected[key].entry.plural!r}: run python tools/catalogs.py update"
            )

    # Each language against the template (the code against the template is above).
    wanted = {key: Entry(*_ids(m), m.context) for key, m in in_template.items()}
    for lang in TRANSLATED:
        path = po_path(lang)
        where = _rel(path)
        if not path.exists():
            problems.append(f"{where} is missing: run python tools/catalogs.py update, then translate")
            continue
        catalog = read_catalog(path, lang)
        rules = Catalog(locale=lang)
        if catalog.plural_forms != rules.plural_forms:
            problems.append(f"{where}: Plural-Forms is {catalog.plural_forms!r}, not {rules.plural_forms!r}")
        messages = {(m.context, m.id[0] if m.pluralizable else m.id): m for m in list(catalog)[1:]}
        for obsolete in catalog.obsolete:
            problems.append(f"{where}: stale obsolete entry {obsolete!r}")
        for key, item in wanted.items():
            message = messages.get(key)
            if message is None:
                problems.append(
                    f"{where}: no translation of {_describe_key(key)}: "
                    "run python tools/catalogs.py update, then translate"
                )
                continue
            if message.fuzzy:
                problems.append(f"{where}: the translation of {_describe_key(key)} is fuzzy: review it")
            if (message.id[1] if message.pluralizable else None) != item.plural:
                problems.append(
                    f"{where}: {_describe_key(key)} has the wrong plural: run python tools/catalogs.py update"
                )
                continue
            strings = _translations(message)
            if message.pluralizable and len(strings) != catalog.num_plurals:
                problems.append(
                    f"{where}: {_describe_key(key)} has {len(strings)} plural forms, not {catalog.num_plurals}"
                )
            for wrong in check_translation(item, strings):
                problems.append(f"{where}: {_describe_key(key)}: {wrong}")
            english = " ".join(filter(None, (item.msgid, item.plural)))
            for wrong in glossary.problems(lang, english, [s for s in strings if s], message.user_comments):
                problems.append(f"{where}: {_describe_key(key)}: {wrong}")
        for key in messages.keys() - wanted.keys():
            problems.append(f"{where}: stale entry {_describe_key(key)}, which the template no longer has")

        mo = i18n.mo_path(lang)
        if not mo.exists():
            problems.append(f"{_rel(mo)} is missing: run python tools/catalogs.py compile")
            continue
        with open(mo, "rb") as file:
            compiled = gettext.GNUTranslations(file)
        # gettext keeps the table only there, and its stubs do not name it
        table = {k: v for k, v in compiled._catalog.items() if k != ""}  # type: ignore[attr-defined]  # noqa: SLF001
        info = compiled.info()
        if table != _expected_mo(catalog) or info.get("plural-forms") != catalog.plural_forms:
            problems.append(f"{_rel(mo)} is not {where} compiled: run python tools/catalogs.py compile")
    return problems


def check_glossary_shown() -> list[str]:
    """CONTRIBUTING.md, where there is one, shows the glossary the check uses."""
    if not CONTRIBUTING.exists():
        return []
    if glossary.table() not in CONTRIBUTING.read_text(encoding="utf-8"):
        where = _rel(CONTRIBUTING)
        return [f"{where} does not show the glossary as it is: paste python tools/catalogs.py glossary"]
    return []


def main(argv: list[str] | None = None) -> int:
    """The catalog tools' command line (see the module's docstring); returns the exit status."""
    args = sys.argv[1:] if argv is None else argv
    commands = {
        "update": update,
        "compile": compile_catalogs,
        "check": lambda: check() + check_glossary_shown(),
        "glossary": lambda: [glossary.table().rstrip("\n")],
    }
    if len(args) != 1 or args[0] not in commands:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        print("usage: python tools/catalogs.py update|compile|check|glossary", file=sys.stderr)
        return 2
    lines = commands[args[0]]()
    for line in lines:
        print(line)
    if args[0] == "check":
        print(f"{len(lines)} problem(s)" if lines else "the catalogs are complete and up to date")
        return 1 if lines else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
