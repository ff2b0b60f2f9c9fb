"""Sphinx configuration of the tripeaks-widget site (docs/about.md says why these tools)."""

import os
import pathlib
import sys
import tempfile

DOCS = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS / "_ext"))
sys.path.insert(0, str(DOCS.parent))  # the package of this checkout, not another installed copy
# The notebooks' kernel too: this checkout's package, replays at once, records in a throwaway file.
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(DOCS.parent), os.environ.get("PYTHONPATH")]))
os.environ["TRIPEAKS_PACE"] = "0"
os.environ["TRIPEAKS_RECORDS"] = str(pathlib.Path(tempfile.mkdtemp(prefix="tripeaks-docs-")) / "records.sqlite3")

project = "tripeaks-widget"
author = "the tripeaks-widget authors"
copyright = "the tripeaks-widget authors"

extensions = ["myst_nb", "sphinx.ext.autodoc", "tripeaks_docs"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
exclude_patterns = ["_build", "**/.ipynb_checkpoints", "_ext", "explanation/layout-survey.md"]

# The walkthrough notebooks run at every build, in docs/_ext/tripeaks_docs.py, which writes them into
# tutorials/ with their outputs and each board shown as its picture; myst-nb shows them as they are.
nb_execution_mode = "off"
nb_merge_streams = True
# No widget manager from the network: each board is shown as its picture.
nb_ipywidgets_js = {}
nb_mime_priority_overrides = [("*", "application/vnd.jupyter.widget-view+json", None)]

# Reference: signatures without annotations (they are in the docstrings' words), members in source order.
autodoc_typehints = "none"
autodoc_member_order = "bysource"
autodoc_default_options = {"exclude-members": "__init__, __new__"}

# Every cross-reference to this package must resolve (-n). Without intersphinx (the build is offline)
# names from the standard library and other projects have no target; they are not checked.
nitpicky = True
# A private base class (``tripeaks_widget.engine.cards._CardFields``) has no page by design.
nitpick_ignore_regex = [(r"py:.*", r"(?!tripeaks_widget\b).*"), (r"py:.*", r"tripeaks_widget\..*\._\w+")]
intersphinx_mapping: dict = {}

html_theme = "furo"
html_title = "tripeaks-widget"
html_static_path = ["_static"]
html_extra_path: list[str] = []
html_show_sourcelink = False
