"""Build hook: compile the modules ``tripeaks_widget/_builds.py`` lists into the wheel, when the
machine has a C compiler: the solver's search written in C, fair play's hot loops with Cython.

The sources stay in the wheel as they are; the compiled build goes to a folder of its own,
``tripeaks_widget/_compiled/`` (see ``_builds``), and the wheel is then tagged for this
platform. An editable install builds it in place, in that folder of the checkout. Without a
C compiler (or with ``TRIPEAKS_PURE_PYTHON=1`` set for the build) nothing is compiled: the
wheel is pure Python, says so in one line, and installs and runs the same.

``python hatch_build.py`` builds in place, for work on a checkout.
"""

from __future__ import annotations

import json
import runpy
import shutil
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
BUILDS = runpy.run_path(str(ROOT / "tripeaks_widget" / "_builds.py"))  # on its own: no package import
DIRECTIVES = {"language_level": 3}


def compile_modules(root: Path, temp: Path) -> dict[Path, str] | str:
    """Compile the listed modules of the tree at ``root``: {built file (in ``temp``): its place in
    the package tree, under ``_compiled``}, with the record of the sources they were built from;
    or why nothing was built."""
    if BUILDS["forced"]():
        return f"{BUILDS['FORCE_VARIABLE']} is set"
    try:
        from Cython.Build import cythonize
        from setuptools import Distribution, Extension
    except ImportError as error:
        return f"Cython or setuptools is missing ({error})"
    package = root / "tripeaks_widget"
    cython_names, c_names = BUILDS["CYTHON_MODULES"], BUILDS["C_MODULES"]
    extensions = [Extension(name, [str(BUILDS["source"](name, package))]) for name in cython_names + c_names]
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    out = temp / "lib"
    try:
        modules = cythonize(
            extensions[: len(cython_names)], compiler_directives=DIRECTIVES, build_dir=str(temp / "c"), quiet=True
        )
        dist = Distribution({"name": "tripeaks-widget", "ext_modules": modules + extensions[len(cython_names) :]})
        command = dist.get_command_obj("build_ext")
        command.build_lib, command.build_temp = str(out), str(temp / "obj")
        command.ensure_finalized()
        command.run()
    except Exception as error:  # no C compiler, or one that fails: the sources serve alone
        said = " ".join(str(error).split())
        return f"the C build failed ({type(error).__name__}: {said[:160]}{'…' if len(said) > 160 else ''})"
    files, made = {}, {}
    for name in cython_names + c_names:  # built as tripeaks_widget/fair/playout.so, goes to _compiled/fair/
        place = BUILDS["built"](name, package)
        place = place.with_name(place.name + suffix)
        file = out.joinpath(*name.split(".")).with_name(place.name)
        files[file] = place
        made[name] = BUILDS["record"](name, file, place, package)
    record = out / BUILDS["BUILT_FROM"]  # what the build made and from what, checked on import
    record.write_text(json.dumps(made, indent=1) + "\n", encoding="utf-8")
    files[record] = package / BUILDS["COMPILED_DIR"] / BUILDS["BUILT_FROM"]
    return {path: place.relative_to(root).as_posix() for path, place in files.items()}


def install_in_place(root: Path, files: dict[Path, str]) -> None:
    """Put a build in the checkout at ``root``: a fresh ``_compiled`` folder, and no compiled file
    left beside a source by an older build (it would shadow the source)."""
    package = root / "tripeaks_widget"
    shutil.rmtree(package / BUILDS["COMPILED_DIR"], ignore_errors=True)
    for old in BUILDS["leftovers"](package):
        old.unlink()
    for path, place in files.items():
        (root / place).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, root / place)


try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # run as a script, outside a build
    BuildHookInterface = object  # type: ignore[assignment,misc]


class CompiledBuild(BuildHookInterface):  # type: ignore[misc,valid-type]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        if self.target_name != "wheel":
            return
        root = Path(self.root)
        self.temp = temp = Path(tempfile.mkdtemp(prefix="tripeaks-build-"))
        built = compile_modules(root, temp)
        if isinstance(built, str):
            print(f"tripeaks-widget: no compiled build, the pure-Python sources serve: {built}", file=sys.stderr)
            return
        print("tripeaks-widget: the compiled build is made", file=sys.stderr)
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        if version == "editable":
            install_in_place(root, built)
        else:
            for path, place in built.items():
                build_data["force_include"][str(path)] = place

    def finalize(self, version: str, build_data: dict, artifact_path: str) -> None:
        if getattr(self, "temp", None) is not None:
            shutil.rmtree(self.temp, ignore_errors=True)


if __name__ == "__main__":
    with tempfile.TemporaryDirectory(prefix="tripeaks-build-") as folder:
        result = compile_modules(ROOT, Path(folder))
        if not isinstance(result, str):
            install_in_place(ROOT, result)
    print(result if isinstance(result, str) else "built " + ", ".join(result.values()))
    sys.exit(1 if isinstance(result, str) else 0)
