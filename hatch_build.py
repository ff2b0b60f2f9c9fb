"""Build hook: compile the solver's search (the modules ``tripeaks_widget/_native.py`` lists)
with Cython into the wheel, when the machine has a C compiler.

The modules are plain Python and stay in the wheel as they are; their compiled builds go
beside them, and the wheel is then tagged for this platform. An editable install builds
them in place, next to their sources. Without a C compiler (or with
``TRIPEAKS_PURE_PYTHON=1`` set for the build) nothing is compiled: the wheel is pure
Python, says so in one line, and installs and runs the same.

``python hatch_build.py`` builds them in place, for work on a checkout.
"""

from __future__ import annotations

import json
import os
import runpy
import shutil
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
NATIVE = runpy.run_path(str(ROOT / "tripeaks_widget" / "_native.py"))  # on its own: no package import
DIRECTIVES = {"language_level": 3}


def compile_modules(root: Path, out: Path, temp: Path) -> list[Path] | str:
    """Compile the listed modules of the tree at ``root`` into ``out`` (as a package tree):
    the built files, relative to ``out``; or why nothing was built."""
    if os.environ.get(NATIVE["FORCE_VARIABLE"], "") not in ("", "0"):
        return f"{NATIVE['FORCE_VARIABLE']} is set"
    try:
        from Cython.Build import cythonize
        from setuptools import Distribution, Extension
    except ImportError as error:
        return f"Cython or setuptools is missing ({error})"
    names = NATIVE["COMPILED"] + NATIVE["C_MODULES"]

    def source(name: str) -> Path:  # a module's source: Python to compile with Cython, or C (C_MODULES)
        return root.joinpath(*name.split(".")).with_suffix(".c" if name in NATIVE["C_MODULES"] else ".py")

    extensions = [Extension(name, [str(source(name))]) for name in names]
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    try:
        modules = cythonize(extensions, compiler_directives=DIRECTIVES, build_dir=str(temp / "c"), quiet=True)
        dist = Distribution({"name": "tripeaks-widget", "ext_modules": modules})
        command = dist.get_command_obj("build_ext")
        command.build_lib, command.build_temp = str(out), str(temp / "obj")
        command.ensure_finalized()
        command.run()
    except Exception as error:  # no C compiler, or one that fails: the sources serve alone
        said = " ".join(str(error).split())
        return f"the C build failed ({type(error).__name__}: {said[:160]}{'…' if len(said) > 160 else ''})"
    built = [Path(*name.split(".")).with_suffix("") for name in names]
    record = Path("tripeaks_widget", NATIVE["BUILT_FROM"])  # what each was built from, checked on import
    sources = {name: NATIVE["digest"](source(name)) for name in names}
    (out / record).parent.mkdir(parents=True, exist_ok=True)
    (out / record).write_text(json.dumps(sources, indent=1) + "\n", encoding="utf-8")
    return [*(path.with_name(path.name + suffix) for path in built), record]


try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # run as a script, outside a build
    BuildHookInterface = object  # type: ignore[assignment,misc]


class CompiledSearch(BuildHookInterface):  # type: ignore[misc,valid-type]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        if self.target_name != "wheel":
            return
        root = Path(self.root)
        self.temp = temp = Path(tempfile.mkdtemp(prefix="tripeaks-build-"))
        editable = version == "editable"
        built = compile_modules(root, root if editable else temp / "lib", temp)
        if isinstance(built, str):
            print(f"tripeaks-widget: the solver's search stays pure Python: {built}", file=sys.stderr)
            return
        print("tripeaks-widget: the solver's search is compiled", file=sys.stderr)
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        if not editable:
            for path in built:
                build_data["force_include"][str(temp / "lib" / path)] = path.as_posix()

    def finalize(self, version: str, build_data: dict, artifact_path: str) -> None:
        if getattr(self, "temp", None) is not None:
            shutil.rmtree(self.temp, ignore_errors=True)


if __name__ == "__main__":
    with tempfile.TemporaryDirectory(prefix="tripeaks-build-") as folder:
        result = compile_modules(ROOT, ROOT, Path(folder))
    print(result if isinstance(result, str) else "built " + ", ".join(map(str, result)))
    sys.exit(1 if isinstance(result, str) else 0)
