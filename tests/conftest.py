"""Shared test set-up: widgets record results to a scratch store, never to the user's own, and
speak English unless a test asks for another language (the default follows the locale)."""

import pytest


@pytest.fixture(autouse=True, scope="session")
def _scratch_records_store(tmp_path_factory):
    """TRIPEAKS_RECORDS points at a temporary file for the whole session (a JupyterLab started
    by the browser tests inherits it too); a test that needs its own store passes ``records=``.
    LANGUAGE=en makes English the default language of widgets, whatever the machine's locale."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TRIPEAKS_RECORDS", str(tmp_path_factory.mktemp("records") / "records.sqlite3"))
        patch.setenv("LANGUAGE", "en")
        yield
