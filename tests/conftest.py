"""Shared test set-up: widgets record results to a scratch store, never to the user's own."""

import pytest


@pytest.fixture(autouse=True, scope="session")
def _scratch_records_store(tmp_path_factory):
    """TRIPEAKS_RECORDS points at a temporary file for the whole session (a JupyterLab started
    by the browser tests inherits it too); a test that needs its own store passes ``records=``."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TRIPEAKS_RECORDS", str(tmp_path_factory.mktemp("records") / "records.sqlite3"))
        yield
