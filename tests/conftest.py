"""Shared test set-up: widgets record results to a scratch store, never to the user's own, and
speak English unless a test asks for another language (the default follows the locale); and
where no PostgreSQL server is given but Debian's server is installed, the first test that needs
one starts a throwaway server for the whole session (postgres_session.py), so the PostgreSQL
tests run rather than skip."""

import re
from pathlib import Path

import pytest
from helpers import postgres_session

# The fixtures the helpers define, for every test that names one: stores and servers, axe-core, small bounds.
pytest_plugins = ("helpers.records_stores", "helpers.axe", "helpers.support")

_own_server: Path | None = None  # the folder for the session's own PostgreSQL server, if it has one


def pytest_configure(config):
    global _own_server
    if not hasattr(config, "workerinput"):  # pytest's main process, not a pytest-xdist worker
        _own_server = postgres_session.begin()


def pytest_unconfigure(config):
    if _own_server is not None:
        postgres_session.end(_own_server)


def pytest_report_header(config):
    return postgres_session.header()


@pytest.fixture(autouse=True, scope="session")
def _scratch_records_store(tmp_path_factory):
    """TRIPEAKS_RECORDS points at a temporary file for the whole session (a JupyterLab started
    by the browser tests inherits it too); a test that needs its own store passes ``records=``.
    LANGUAGE=en makes English the default language of widgets, whatever the machine's locale."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TRIPEAKS_RECORDS", str(tmp_path_factory.mktemp("records") / "records.sqlite3"))
        patch.setenv("LANGUAGE", "en")
        yield


# The fast tier is `pytest -m "not slow"`: the engine, the board, the solver on small cases, i18n
# and records on SQLite, in a few minutes. These take long, or need a browser, a server, npm, a
# compiler or the network, and run in the full suite (README's command, and CI).
SLOW_FILES = {
    "test_solver_backends.py",  # the differential test of the two solver builds
    "test_fair_backends.py",  # the fair tests again under pure Python
    "test_notebooks.py",  # every walkthrough notebook, run top to bottom
    "test_docs.py",  # the documentation site built and opened in Chromium
    "test_frontend.py",  # npm: the front end's unit tests, types and bundle
    "test_survey_dask.py",  # a Dask cluster
    "test_records_server.py",  # PostgreSQL
    "test_postgres_session.py",
    "test_records_shared.py",
    "test_records_roles.py",
    "test_records_owner.py",
    "test_records_vouched.py",
    "test_widget_lifetime.py",  # hundreds of widgets and games, for leaks
    "test_properties.py",  # many generated games
}


# Long checks inside otherwise quick files: hundreds of deals against the plain search, and more.
SLOW_TESTS = {
    "test_verdicts_agree_with_the_plain_search_on_300_random_deals",
    "test_best_lines_replay_to_the_claimed_result_and_clear_the_most_cards",
    "test_no_line_with_fewer_draws_does_as_well",
    "test_verdicts_agree_with_the_plain_search_in_mid_game",
    "test_the_relaxed_ceilings_tell_apart_what_the_bounds_do_not",
    "test_a_position_with_at_most_8_unseen_is_exact_however_slow_the_clock",
    "test_won_game_r4_1",
    "test_the_win_chance_of_a_finished_game_is_certain",
    "test_any_stream_of_messages_keeps_the_game_whole",
    "test_fair_and_exact_play_whole_games",
    "test_a_playout_ends_as_lookahead_played_through_the_game_does",
    # Python started again in processes of their own, seconds each: the stubs' writer three times on a
    # copy of the package, a survey stopped by Ctrl-C, the game of the day under pure Python, and two
    # processes writing one store at once.
    "test_a_stale_stub_is_caught_and_written_again",
    "test_ctrl_c_stops_a_survey_at_once_and_keeps_its_deals_file",
    "test_the_game_of_the_day_is_pinned_and_the_same_in_another_process_under_pure_python",
    "test_two_processes_writing_at_once_lose_nothing",
}


@pytest.hookimpl(optionalhook=True, tryfirst=True)
def pytest_xdist_make_scheduler(config, log):
    """``-n`` with no ``--dist`` given (the fast tier's command) hands the tests out by work stealing:
    a process that runs out takes the other's, so a few long tests at the end leave no core idle."""
    if config.getvalue("dist") != "load" or any(arg.startswith("--dist") for arg in config.invocation_params.args):
        return None
    from xdist.scheduler import WorkStealingScheduling

    return WorkStealingScheduling(config, log)


# The fixtures (tests/helpers/records_stores.py) that bring a PostgreSQL server; a store's ``location`` brings
# one in its "postgresql" case (the SQLite case stays in the fast tier).
SERVER_FIXTURES = {"postgres", "own_server"}


def needs_a_server(item) -> bool:
    callspec = getattr(item, "callspec", None)
    on_postgres = callspec is not None and callspec.params.get("location") == "postgresql"
    return on_postgres or not SERVER_FIXTURES.isdisjoint(getattr(item, "fixturenames", ()))


def pytest_collection_modifyitems(config, items):
    for item in items:
        slow = item.path.name in SLOW_FILES or item.originalname in SLOW_TESTS or needs_a_server(item)
        if slow or item.get_closest_marker("e2e") is not None:
            item.add_marker(pytest.mark.slow)


def all_slow(path: Path) -> bool:
    """Whether every test of a file is slow: the browser tests' folder, a file of ``SLOW_FILES``, or a
    module that marks itself so (``pytestmark = pytest.mark.slow``)."""
    if path.name == "e2e" or path.name in SLOW_FILES:
        return True
    return path.suffix == ".py" and re.search(r"^pytestmark = pytest\.mark\.slow\b", path.read_text(), re.M) is not None


def pytest_ignore_collect(collection_path, config):
    """The fast tier (``-m "not slow"``) leaves uncollected the files whose every test is slow: none
    of them would run, and importing them (Playwright, nbformat's validator, Dask, Sphinx) costs each
    process seconds."""
    if "not slow" in (config.getoption("markexpr") or "") and all_slow(collection_path):
        return True
    return None
