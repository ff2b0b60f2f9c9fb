"""A JupyterLite site: JupyterLab in the browser, its Python (Pyodide) and this package, as
static files that any web server serves with no network at run time.

    pip install "tripeaks-widget[lite]"
    python -m tripeaks_widget.lite build --contents DIR --out SITE
    python -m http.server -d SITE

The build fetches what it ships from the package registries (the Pyodide runtime from npm,
the wheels from PyPI, this package's own wheel made from its installed files) and writes the
site from scratch every time. In the site, the Pyodide lock lists exactly the wheels it
ships, with their own hashes, and the kernel loads them all at start, so no notebook needs a
``%pip`` cell and nothing is fetched from a CDN or a package index. The wheels' modules are
compiled for Pyodide's Python at build time (Node.js runs the site's Pyodide to do it), so the
browser does not compile them at each start. See :mod:`.site`.
"""

from .site import BROWSER_NOTEBOOKS, LiteBuildError, build_site

__all__ = ["BROWSER_NOTEBOOKS", "LiteBuildError", "build_site"]
