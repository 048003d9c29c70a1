"""The Measurements page (``docs/measurements.md``) is what ``bench/measure.py`` writes from the benches' kept
outputs, never text typed by hand; each kept output names its date, machine and command."""

from __future__ import annotations

import importlib.util
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _measure():
    spec = importlib.util.spec_from_file_location("bench_measure", ROOT / "bench" / "measure.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_measurements_page_is_generated_from_the_kept_outputs():
    measure = _measure()
    assert (ROOT / "docs" / "measurements.md").read_text(encoding="utf-8") == measure.page(), \
        "docs/measurements.md differs from the kept outputs: run python bench/measure.py --page"


def test_every_kept_output_says_when_where_and_how():
    measure = _measure()
    for path in sorted(measure.KEPT.glob("*.txt")):
        fields, body = measure.read(path)
        assert {"title", "command", "date", "machine"} <= set(fields), path.name
        assert body.strip(), f"{path.name} kept no output"


def test_the_standard_benches_exist():
    measure = _measure()
    for name, (_title, command) in measure.BENCHES.items():
        script = next((part for part in command if part.startswith("bench/")), None)
        assert script is None or (ROOT / script).is_file(), f"{name}: {script} is missing"
