"""What the tests share: games, stores, servers, browsers and builds, and the plain searches that
check the solver; importable as ``helpers`` (pytest puts ``tests/`` on the path)."""
