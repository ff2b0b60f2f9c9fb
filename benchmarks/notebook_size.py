"""What a board adds to a notebook saved with its widgets' state, and what drawing a step's picture costs.

A notebook that shows one board and one that shows five are run (nbclient, which stores the widgets'
state in the notebook as JupyterLab's "save widget state" does) and saved; a board's cost is the
difference divided by four, split into the widget state (the board's model, and the front end's
code and styles wherever they travel) and the cell's output (the live view's reference and the
board's picture), and the output's pictures by kind: the SVG, and the PNG rasterised from it
(base64, as the notebook holds it).

    python benchmarks/notebook_size.py [--tree NAME=DIR ...] [--draws 50]

``--tree before=DIR`` measures another tree of the project beside this one (e.g. an older commit's,
``git archive COMMIT | tar -x -C DIR``): its kernel imports the package from DIR. The picture's time
is the median of ``--draws`` pictures of a board in the middle of a game, drawn in this process, and
the time to rasterise one (resvg) the median of as many.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import statistics
import sys
import time

import nbclient
import nbformat

REPO = pathlib.Path(__file__).resolve().parent.parent
PICTURES = {"  its SVG": "image/svg+xml", "  its PNG": "image/png"}
FIRST = 'from tripeaks_widget import TriPeaks\nw = TriPeaks("TP1-E-AAAAAAB", records=False, lang="en")\nw'


def saved(boards: int, tree: pathlib.Path) -> nbformat.NotebookNode:
    cells = [FIRST, *(f"TriPeaks({n}, records=False, lang='en')" for n in range(1, boards))]
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source) for source in cells])
    os.environ["PYTHONPATH"] = str(tree)  # the kernel imports the package from the tree measured
    client = nbclient.NotebookClient(
        notebook,
        kernel_name="python3",
        timeout=120,
        store_widget_state=True,
        resources={"metadata": {"path": str(tree)}},
    )
    client.execute()
    return notebook


def parts(notebook: nbformat.NotebookNode) -> dict[str, int]:
    state = len(json.dumps(notebook.metadata.get("widgets", {})))
    outputs = [output for cell in notebook.cells for output in cell.get("outputs", [])]
    kinds = {kind: sum(len(o.get("data", {}).get(mime, "")) for o in outputs) for kind, mime in PICTURES.items()}
    return {"file": len(nbformat.writes(notebook)), "widget state": state, "outputs": len(json.dumps(outputs))} | kinds


def per_board(tree: pathlib.Path) -> dict[str, float]:
    one, five = parts(saved(1, tree)), parts(saved(5, tree))
    return {name: (five[name] - one[name]) / 4 for name in one} | {"first board": float(one["file"])}


def picture_ms(draws: int) -> tuple[float, float]:
    """The median ms to draw a step's picture (SVG), and to rasterise it (PNG)."""
    sys.path.insert(0, str(REPO))  # this tree's package, as its kernels import it
    from tripeaks_widget import TriPeaks

    w = TriPeaks("TP1-E-AAAAAAB", records=False, lang="en")
    for card in ("K♣", "A♠", "2♦"):
        w.play(card)
    drawn, rasterised = [], []
    for _ in range(draws):
        start = time.perf_counter()
        picture = w.picture()
        drawn.append(time.perf_counter() - start)
        start = time.perf_counter()
        picture.png  # noqa: B018  (made when first asked)
        rasterised.append(time.perf_counter() - start)
    w.close()
    return 1000 * statistics.median(drawn), 1000 * statistics.median(rasterised)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", action="append", default=[], metavar="NAME=DIR", help="another tree to measure")
    parser.add_argument("--draws", type=int, default=50)
    args = parser.parse_args()
    trees = {"this": REPO} | {name: pathlib.Path(path).resolve() for name, path in (t.split("=", 1) for t in args.tree)}
    print(f"{'bytes a board adds':<22}" + "".join(f"{name:>14}" for name in trees))
    results = {name: per_board(tree) for name, tree in trees.items()}
    for row in ("file", "widget state", "outputs", *PICTURES, "first board"):
        print(f"{row:<22}" + "".join(f"{results[name].get(row, 0):>14,.0f}" for name in trees))
    drawn, rasterised = picture_ms(args.draws)
    print(
        f"a step's picture: drawn {drawn:.2f} ms, rasterised {rasterised:.1f} ms (medians of {args.draws}, this tree)"
    )


if __name__ == "__main__":
    main()
