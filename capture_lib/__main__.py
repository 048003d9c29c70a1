"""``python -m capture_lib``: the ``capture`` command (``capture_lib.cli``), where its script is not on the PATH."""

from capture_lib.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
