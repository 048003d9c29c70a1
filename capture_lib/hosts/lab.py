"""JupyterLab as ``capture lab`` starts it: with widget state saved in every notebook.

A board is a widget, and JupyterLab keeps a widget's state (for a board: the position drawn, with the
board's page code) in the notebook file only when its setting "Save Widget State Automatically" is on,
which it is not by default. Without it a played notebook, reopened, shows "Error displaying widget: model
not found" where each board was. ``capture lab`` therefore starts JupyterLab on application settings of
its own (``--LabApp.app_settings_dir``): the installation's own, copied, and an override that turns that
setting on. An override is a default: a user who turned the setting off keeps it off.
"""

from __future__ import annotations

import json
import pathlib
import shutil

#: JupyterLab's widget manager and its setting that saves widget state into the notebook.
WIDGET_MANAGER = "@jupyter-widgets/jupyterlab-manager:plugin"
#: The override ``capture lab`` adds to the installation's settings.
OVERRIDES = {WIDGET_MANAGER: {"saveState": True}}
#: The application settings files JupyterLab reads (``jupyterlab_server``): copied from the installation's.
SETTINGS_FILES = ("page_config.json", "page_config.json5", "overrides.json", "overrides.json5")


def installed_settings() -> pathlib.Path | None:
    """The installation's application settings folder (``<app dir>/settings``), or ``None`` without JupyterLab."""
    try:
        from jupyterlab.commands import get_app_dir
    except ImportError:
        return None
    return pathlib.Path(get_app_dir()) / "settings"


def lab_settings(folder: pathlib.Path, installed: pathlib.Path | None = None) -> pathlib.Path:
    """Write ``capture lab``'s application settings into ``folder`` and return it: the files of ``installed``
    (default: the installation's, ``installed_settings()``), then ``overrides.d/capture_lib.json``
    (``OVERRIDES``), read before the installation's own ``overrides.json``, which keeps the last word."""
    installed = installed if installed is not None else installed_settings()
    folder.mkdir(parents=True, exist_ok=True)
    drop_in = folder / "overrides.d"
    shutil.rmtree(drop_in, ignore_errors=True)  # what an earlier run copied, now perhaps removed
    for name in SETTINGS_FILES:
        (folder / name).unlink(missing_ok=True)
    if installed is not None and installed.is_dir():
        for name in SETTINGS_FILES:
            if (installed / name).is_file():
                shutil.copyfile(installed / name, folder / name)
        if (installed / "overrides.d").is_dir():
            shutil.copytree(installed / "overrides.d", drop_in)
    drop_in.mkdir(exist_ok=True)
    (drop_in / "capture_lib.json").write_text(json.dumps(OVERRIDES, indent=1) + "\n", encoding="utf-8")
    return folder
