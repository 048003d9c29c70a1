"""Games kept on the machine (``capture_lib.session.vault``) and saved files (``capture_lib.core.files``): the
platform's folder for an application's data, a bound on how many are kept, a finished game forgotten, and
every file written whole or not at all."""

from __future__ import annotations

import os
import pathlib

import pytest

from capture_lib import list_games, load_game
from capture_lib.core import files, record
from capture_lib.session import vault
from capture_lib.session.board import BoardController


def test_the_data_folder_follows_each_platforms_rules(tmp_path):
    home = str(tmp_path)
    assert vault.data_folder({"HOME": home, "XDG_DATA_HOME": "/srv/data"}, "linux") == pathlib.Path("/srv/data/capture")
    assert vault.data_folder({"HOME": home}, "linux") == tmp_path / ".local" / "share" / "capture"
    assert vault.data_folder({"HOME": home, "XDG_DATA_HOME": "relative/path"}, "linux") == \
        tmp_path / ".local" / "share" / "capture", "XDG: a relative path is ignored"
    assert vault.data_folder({"HOME": home}, "darwin") == tmp_path / "Library" / "Application Support" / "capture"
    assert vault.data_folder({"HOME": home, "LOCALAPPDATA": r"C:\Users\ada\AppData\Local"}, "win32") == \
        pathlib.Path(r"C:\Users\ada\AppData\Local") / "capture"


def test_kept_games_go_where_xdg_data_home_says(monkeypatch, tmp_path):
    monkeypatch.delenv("CAPTURE_SAVES", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert vault.folder() == tmp_path / "data" / "capture" / "saves"  # platformdirs, where it is installed
    assert oct(vault.folder().stat().st_mode & 0o777) == oct(0o700)
    monkeypatch.setenv("CAPTURE_SAVES", str(tmp_path / "elsewhere"))
    assert vault.folder() == tmp_path / "elsewhere"


def test_at_most_max_kept_games_are_kept_the_oldest_go_first(monkeypatch, tmp_path):
    monkeypatch.setenv("CAPTURE_SAVES", str(tmp_path / "kept"))
    monkeypatch.setattr(vault, "MAX_KEPT", 3)
    tokens = []
    for age in range(5):
        tokens.append(vault.keep(f"game {age}"))
        os.utime(vault.folder() / f"{tokens[-1]}.json", (1_000_000 + age, 1_000_000 + age))
    tokens.append(vault.keep("the newest"))
    kept = sorted(p.stem for p in vault.folder().glob("*.json"))
    assert kept == sorted(tokens[-3:]), "the three last kept stay"
    claim = vault.claim("card-commander", tokens[0], 4)
    with pytest.raises(ValueError, match="has been removed"):
        vault.redeem("card-commander", claim)
    (vault.folder() / "terminal-card-commander-computer-0.claim").write_text("{}")
    vault.prune(0)
    assert [p.name for p in vault.folder().iterdir()] == ["terminal-card-commander-computer-0.claim"], \
        "only kept games count, not the terminal's claims"


def test_a_board_forgets_its_kept_game_when_the_game_ends(monkeypatch, tmp_path):
    monkeypatch.setenv("CAPTURE_SAVES", str(tmp_path / "kept"))
    slug = list_games()[0]  # any game: the session keeps and forgets for every game alike (the first is short)
    board = BoardController(slug, seed=5, level="random")
    kept_while_playing = set()
    for _ in range(3000):
        if board.state.is_over:
            break
        board.handle({"type": "play", "action": board.legal[0]} if board.legal else {"type": "ready"})
        kept_while_playing |= {p.name for p in vault.folder().glob("*.json")}
    assert board.state.is_over, "the game ran to its end"
    assert kept_while_playing, "the game was kept while it went on"
    assert list(vault.folder().glob("*.json")) == [], "and forgotten once it ended"


def test_a_save_is_written_whole_or_not_at_all(monkeypatch, tmp_path):
    state = load_game("card-commander").new_game(seed=3).play("commander Karl")
    path = tmp_path / "game.txt"
    files.save_file(state, path)
    before = path.read_text(encoding="utf-8")
    assert record.load(before, load_game("card-commander")).history == state.history

    def broken(*_args, **_kwargs):
        return before + "\udc80"  # not encodable: the write fails halfway

    monkeypatch.setattr(record, "write", broken)
    with pytest.raises(UnicodeEncodeError):
        files.save_file(state.resolve_chance(), path)
    assert path.read_text(encoding="utf-8") == before, "the earlier save is untouched"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.txt"], "no half-written file is left"


def test_a_kept_game_is_written_whole_or_not_at_all(monkeypatch, tmp_path):
    monkeypatch.setenv("CAPTURE_SAVES", str(tmp_path / "kept"))
    token = vault.keep("the first save")
    kept = vault.folder() / f"{token}.json"
    before = kept.read_text()

    def full_disk(*_args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(OSError):
        vault.keep("the second save", token)
    assert kept.read_text() == before and [p.name for p in vault.folder().iterdir()] == [kept.name]
    assert oct(kept.stat().st_mode & 0o777) == oct(0o600)
