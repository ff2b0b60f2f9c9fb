"""One error family: every exception the package raises on purpose derives from TriPeaksError, with
ValueError mixed in for bad input and TimeoutError for the one "out of time"."""

import importlib
import pkgutil

import tripeaks_widget
from tripeaks_widget import IllegalMoveError, SearchExhausted, TriPeaksError, solver
from tripeaks_widget.fair import expectimax

# Raised and caught inside one module, never out of it: the control flow of a search, a deadline's cut.
INTERNAL = {"Stale", "Found", "Missed"}


def public_exceptions():
    for info in pkgutil.walk_packages(tripeaks_widget.__path__, "tripeaks_widget."):
        if info.name.endswith("__main__") or any(part.startswith("_") for part in info.name.split(".")[1:]):
            continue
        if info.name.startswith(("tripeaks_widget.widget", "tripeaks_widget.compare", "tripeaks_widget.env")):
            continue  # they need Jupyter or Gymnasium, and define no exception
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if isinstance(value, type) and issubclass(value, BaseException) and value.__module__ == info.name:
                if not name.startswith("_") and name not in INTERNAL:
                    yield value


def test_every_error_of_the_package_derives_from_one_base():
    found = set(public_exceptions())
    assert len(found) >= 12
    assert {kind.__name__ for kind in found if not issubclass(kind, TriPeaksError)} == set()


def test_bad_input_is_a_value_error_and_out_of_time_a_timeout_error():
    assert issubclass(IllegalMoveError, ValueError) and issubclass(SearchExhausted, TimeoutError)
    assert solver.SearchExhausted is SearchExhausted
    timeouts = {kind for kind in public_exceptions() if issubclass(kind, TimeoutError)}
    assert timeouts == {SearchExhausted}  # one "out of time"


def test_a_search_out_of_time_says_so_with_the_one_error():
    seen = tripeaks_widget.Game("TP1-C-AAAAAAB").seen()
    try:
        expectimax.solve(seen, node_limit=1)  # far too few nodes for the exact value at the deal
    except TriPeaksError as error:
        assert isinstance(error, SearchExhausted) and "within the budget" in str(error)
    else:
        raise AssertionError("an exact value at the deal came within one node")


def test_every_error_of_the_engine_is_exported_from_the_package():
    """A script catches what the package raises by its public name: every error class the engine
    declares is in ``tripeaks_widget.__all__``."""
    import inspect

    import tripeaks_widget
    from tripeaks_widget.engine import errors

    declared = {
        name
        for name, value in vars(errors).items()
        if inspect.isclass(value)
        and issubclass(value, tripeaks_widget.TriPeaksError)
        and value.__module__ == errors.__name__
    }
    assert "InvalidValueError" in declared and declared <= set(tripeaks_widget.__all__), sorted(declared)
    for name in declared:
        assert getattr(tripeaks_widget, name) is getattr(errors, name)
