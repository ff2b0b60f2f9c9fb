"""The package's own wheel for the browser site: the pure-Python search, never the compiled one
built for this machine (which CI requires beside the sources, so the refusal is exercised)."""

import zipfile
from pathlib import Path

import tripeaks_widget
from tripeaks_widget import _builds
from tripeaks_widget.lite.wheels import own_wheel


def test_the_sites_wheel_carries_the_sources_and_no_compiled_search(tmp_path):
    wheel = own_wheel(Path(tripeaks_widget.__file__).parent, tmp_path)
    names = zipfile.ZipFile(wheel).namelist()
    assert {f"{name.replace('.', '/')}.py" for name in _builds.CYTHON_MODULES} <= set(names)
    assert not [n for n in names if n.endswith((".so", ".pyd", ".c")) or f"/{_builds.COMPILED_DIR}/" in n]
    assert wheel.name.endswith("-py3-none-any.whl")
