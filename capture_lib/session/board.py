"""The board session: everything a live board does, in plain Python, for every game and every host.

A board shows one game to one screen. The session holds the true states, the seat at the screen, the
mode (``computer``, ``hotseat`` or ``view``), the hot-seat curtain, the computer opponent and its level,
undo, saves and the claim that lets a page resume a game; it checks each message from the page and
rebuilds the values the page's renderer reads (``values``), the scene first of all, from observations.
Every host drives the same session through one entry point, ``handle(message) -> update``, with one
error policy (nothing is raised: a refused, forged or malformed message is answered in words): the
anywidget board of JupyterLab and Voila (``capture_lib.hosts.widget``), the book's in-browser engine
(Pyodide in a Web Worker), the terminal (``capture_lib.hosts.terminal``) and the tests. Nothing here
imports Jupyter.

Nothing secret ever reaches the page: the true state, its seed, the undo stack and the computer's
thinking stay in Python, and every value is derived from an observation. A game someone plays deals
from a secure random source (``fresh_seed``) unless the caller fixes the seed on purpose (the book's
examples, the tests); "new game" from the page always deals afresh.

Undo follows Board Game Arena's policy (``undo_block``): a move can be taken back only while the
same player is still to act, never across a chance event (a deal, a die, a coin), never across a
move that showed anybody something hidden (``State.shows_hidden``, which each game answers exactly),
and never under the curtain.

Saves (``save_text``, ``load_text``): a board never writes its seed into a file. While a game with
secrets goes on, the file offered is a *claim* on the game kept on the machine that runs the board
(``vault``), so it holds nothing hidden, and it names the kind of board it belongs to (the game, the
seat, the mode, teaching), so no other kind of board opens it; once the game is over, or on a teaching
board where every card is shown, it is the whole game as a plain text record (``core.record``, seed
withheld), which any copy of the engine reads (``capture play --load``). "Export the whole game" gives
the whole record at any time, with a warning that it shows the computer's hidden cards.

Keeping (``keep_game``): a live board keeps its game in the vault, and offers the page a claim on it
(``resume``, which the page keeps in the browser's storage), so that a reload or a restarted kernel offers
to resume it. It keeps only when it matters: when a person's turn begins, after a person's first action of
a game (so the page holds a claim from then on), when the page says it is leaving (a ``keep`` message: a
kernel or a terminal outlives its page), and, on a board that dies with its page (the live book's engine,
``keeps_every_action``), after every action of a person. A game that ends, or that the player throws away
for a new one, is forgotten. ``keeps`` counts what the board wrote, so that a host copies the vault to its own
storage (a file, the browser's database) only when it changed.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from capture_lib.core import record, saves
from capture_lib.core.chance import CHANCE, derived_rng
from capture_lib.core.errors import IllegalAction
from capture_lib.core.protocol import State
from capture_lib.core.seeds import fresh_seed
from capture_lib.session import vault
from capture_lib.session.scenes import MOST_RECENT, example_frames, public_notation, recent_lines, scene_json

MAX_MESSAGE_CHARS = 400
#: The longest save text the page may send (a long Medieval game's save is about 20,000 characters).
MAX_SAVE_CHARS = 1_000_000
MODES = ("computer", "hotseat", "view")
#: The values every board gives its page, by name.
VALUE_NAMES = ("game", "scene", "frames", "log", "message", "message_kind", "seat", "mode", "curtain", "can_undo",
               "undo_note", "teaching", "thinking", "level", "levels", "under_way", "resume", "lesson", "options",
               "controls")

Player = Callable[[State, int], Any]
#: Told the names of values that changed while a message is still being handled (the computer thinks).
Listener = Callable[[list[str]], None]


def reseeded(text: str) -> str:
    """Save text with a fresh seed in place of its own: what chance does next is nobody's to know.

    Every chance outcome already played is in the save's actions, so the position stays the same.
    Text that is not a JSON object comes back unchanged, for the engine's loader to refuse.
    """
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return text
    if not isinstance(data, dict) or "seed" not in data:
        return text
    data["seed"] = fresh_seed()
    return json.dumps(data, sort_keys=True)


def shortened(text: str, most: int = 60) -> str:
    """``text`` as a message quotes it: cut to ``most`` characters, so a long paste never fills the screen."""
    return text if len(text) <= most else text[:most - 1] + "\u2026"


class BoardController:
    """A live board for one game, without a host: the same class for every game.

    ``state`` is a position to open on, or a game's slug for a new game of it (dealt from ``seed``, or
    from a secure source, with ``options``); ``seat`` is the player at this screen; ``mode`` is ``computer``
    (every other seat is the computer: ``opponent``, a function, or ``level``, a level's name), ``hotseat``
    (players share the screen behind a curtain) or ``view`` (a position to look at); ``teaching`` shows every
    hidden card. ``computer_seed`` fixes the computer level's own chance (its set-up, its sampling of what it
    cannot see); by default each game's own, drawn from the game's seed and the seat (``search.simple.seat_seed``),
    so it changes with every new game and reveals nothing of the deal: a test or a replay fixes it as it fixes
    the deal with ``seed``.
    """

    #: Whether the board keeps its game after every turn (lessons do not: their steps start over).
    keeps_games: bool = True
    #: Whether the board keeps its game after every action of a person too, not only when a turn begins: set
    #: by a host that dies with its page (the live book's engine), which hears no "leaving" to keep on.
    keeps_every_action: bool = False
    #: Whether the board offers a save of its game (not on a position drawn from what a seat saw).
    saves: bool = True
    #: The names of this board's values (``values``).
    value_names: tuple[str, ...] = VALUE_NAMES
    #: Whether the page offers its game controls (undo, new game, save): a lesson has buttons of its own.
    offers_controls: bool = True

    def __init__(self, state: State | str, *, seat: int = 0, mode: str = "computer",
                 teaching: bool = False, frames: list[dict[str, Any]] | None = None,
                 opponent: Player | None = None, level: str | None = None, seed: int | None = None,
                 computer_seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if mode not in MODES:
            raise ValueError(f"bad mode {mode!r}; choose one of: {', '.join(MODES)}")
        from capture_lib.games import describe

        if isinstance(state, str):
            slug, state = state, None
        elif isinstance(state, State):
            slug = state.game.slug
            if options:
                raise ValueError("a board opened on a position plays under that position's options")
        else:
            raise ValueError(f"a board opens on a position or a game's slug, not {type(state).__name__}")
        #: The game's description (``capture_lib.games.describe``): its rules and its parts.
        self.description = describe(slug)
        #: The game's slug.
        self.game_slug = slug
        #: How this game's sessions differ, where they do (the description's ``session`` part), or None.
        self._hooks = self.description.session
        #: What a game's hooks keep between calls (Command Capture's clock: when the turn began).
        self.hook_data: dict[str, Any] = {}
        #: A line said after the message that names the move (a forfeited turn), set while a move is played.
        self._after_move = ""

        # The values the page reads (see ``values``), at their defaults.
        self.game = slug
        self.scene: dict[str, Any] = {}
        self.frames: list[dict[str, Any]] = []
        self.log: list[str] = []
        self.message, self.message_kind = "", "info"
        self.seat, self.mode, self.curtain = 0, "computer", ""
        self.can_undo = self.teaching = self.thinking = self.under_way = False
        #: The computer's level ("" for a computer player given as a function); the page offers the others.
        self.level = ""
        #: The levels the page's chooser offers, as ``[name, label]`` (the label has the level's rating).
        self.levels: list[list[str]] = []
        #: Why undo is off, in players' words ("" while it is on).
        self.undo_note = ""
        #: A claim on this board's game, kept at the end of every turn, that the page keeps for a reload.
        self.resume = ""
        #: A lesson's panel ({} on a board that runs no lesson).
        self.lesson: dict[str, Any] = {}
        #: What a table may choose for a new game, as the page's chooser offers it (see ``table_options``).
        self.options: list[dict[str, Any]] = []
        #: Which of the page's controls this board offers: undo, new (with the options), save (and load), export.
        self.controls: dict[str, bool] = {}
        #: Told which values changed while a message is still being handled (``Listener``); set by a host.
        self.listener: Listener | None = None
        self._outbox: list[dict[str, Any]] = []
        #: Chance is resolved from this seed rather than the state's own, where set (``from_recipe``'s
        #: sampled positions, whose own seed is no secret).
        self._chance_seed: int | None = None
        #: Where a worked example ends and who sees it: ``(final state, seat, everything)``.
        self._example: tuple[State, int | None, bool] | None = None
        #: The legal actions behind the scene's records (the scene's notations, in the same order).
        self.legal: list[str] = []

        self._game = self.description.game
        if seed is None:
            # A fresh deal for every new board; pass a seed (or a state) to fix it, as the book does.
            seed = state.seed if state is not None else fresh_seed()
        self._start = state if state is not None else self._game.new_game(seed=seed, **(options or {}))
        self._states: list[State] = [self._start]
        self._seen: dict[tuple[int, Any], tuple[State, dict[str, Any]]] = {}
        self._undo_kept: tuple[State, State, str] | None = None
        self._kept_as: str | None = None  # this board's own name in the vault, once it has kept a game
        self._loaded = False  # whether the game on the board was loaded from a file (and has moves)
        self._kept_state: State | None = None
        #: How many times the board wrote to the vault (kept its game, or forgot it): a host copies the vault
        #: to its own storage only when this changed.
        self.keeps = 0
        self._ready_seat: int | None = None
        if opponent is not None and level is not None:
            raise ValueError("give a computer opponent or a level, not both")
        if level is not None:
            from capture_lib.search.levels import player_for

            opponent = player_for(level, seed=computer_seed)
            self.level = level
        elif opponent is None:
            self.level = "rule"
        self._opponent = opponent or self.default_opponent()
        self._computer_seed = computer_seed
        self.mode = mode
        self.seat = seat
        self.teaching = teaching
        self.frames = list(frames or [])
        from capture_lib.search.level_ratings import chooser

        # The levels this game offers, each a different opponent (the strongest one's label says why where
        # there are fewer than the game has); a level given by name that is not offered shows as itself.
        self.levels = chooser(slug, self.level)
        self._advance()

    # ----- the host's side ---------------------------------------------------------------------------
    def values(self) -> dict[str, Any]:
        """Every value the board's renderer reads, by name, JSON-ready."""
        return {name: getattr(self, name) for name in self.value_names}

    def handle(self, message: Any) -> dict[str, Any]:
        """Apply one message from the page; return the values it changed (compared with ``==``).

        The same messages the renderer sends with ``model.send``. Nothing is raised: a refused,
        forged or malformed message gives the refusal in ``message`` (``message_kind`` ``error``).
        Messages the board sends the page (a save's file) come under the key ``_messages``, a list.
        """
        before = self.values()
        try:
            self.handle_message(message)
        except (IllegalAction, ValueError) as err:
            self.say(str(err), "error")
        except Exception as err:  # noqa: BLE001 - a page's message must never break the host
            self.say(f"ignored a message the board could not read ({type(err).__name__})", "error")
        changed = {name: value for name, value in self.values().items() if before.get(name) != value}
        sent = self.take_messages()
        if sent:
            changed["_messages"] = sent
        return changed

    def take_messages(self) -> list[dict[str, Any]]:
        """The messages for the page (``{"type": "save", ...}``) since the last call, oldest first."""
        sent, self._outbox = self._outbox, []
        return sent

    def _publish(self, names: Iterable[str]) -> None:
        if self.listener is not None:
            self.listener(list(names))

    def _send(self, content: dict[str, Any]) -> None:
        self._outbox.append(content)

    # ----- how a game differs ------------------------------------------------------------------------
    def default_opponent(self) -> Player:
        """The computer player used when none is given."""
        from capture_lib.search.simple import simple_player

        return simple_player

    def public_view(self, state: State) -> dict[str, Any]:
        """What anybody at the table may see: no seat's secrets (every game's ``view(None)``)."""
        return state.view(None)

    def teaching_view(self, state: State) -> dict[str, Any]:
        """Every card and identity shown, for the teaching mode (clearly marked in the board)."""
        return state.view(None, everything=True)

    def picture(self) -> str:
        """The board's picture as SVG (the SVG renderer over the current scene), shown in the static page
        until the script draws the board, and to readers whose browser runs no script."""
        from capture_lib.core.scene import from_json
        from capture_lib.render.picture import to_svg

        return to_svg(from_json(self.scene), key=False, assets=self.description.scene.ASSETS)

    def table_options(self) -> list[dict[str, Any]]:
        """What a table chooses as it sits down (the game's options marked ``table``), in players' words,
        with the values of the game on the board: what the page's "choose the game" offers."""
        options = []
        for option in self._game.options:
            if not option.table:
                continue
            options.append({"name": option.name, "label": option.title,
                            "value": self._start.options.get(option.name, option.default),
                            "choices": [[choice, option.choice_title(choice)] for choice in option.choices]})
        return options

    @classmethod
    def example(cls, start: State, steps: Sequence[tuple[str, str]], seat: int | None | str = "default",
                everything: bool | None = None, **kwargs: Any) -> BoardController:
        """A worked example: ``start`` and the steps ``(action, note)`` as frames seen by ``seat``.

        ``everything=True`` shows every hidden card (the board says so); otherwise the frames hold only
        what ``seat`` may see (``seat=None``: what the whole table may see). Unless given, both are the
        game's own defaults (its description's ``example_seat`` and ``example_everything``).
        """
        from capture_lib.games import describe

        description = describe(start.game.slug)
        if seat == "default":
            seat = description.example_seat
        if everything is None:
            everything = description.example_everything
        board = cls(start, seat=seat if seat is not None else 0, mode="view", **kwargs)

        def view(state: State) -> dict[str, Any]:
            if everything:
                return board.teaching_view(state)
            return state.observation(seat) if seat is not None else board.public_view(state)

        board.teaching = everything
        board.frames = example_frames(description, start, steps, view)
        end = start
        for action, _note in steps:
            end = end.play(action)
        board._example = (end, seat, everything)
        board._sync()
        return board

    # ----- the game as Python sees it ----------------------------------------------------------------
    @property
    def state(self) -> State:
        """The current state (Python only: never sent to the page)."""
        return self._states[-1]

    def play(self, action: Any) -> State:
        """Play ``action`` for the seat to act (notation or value); ``IllegalAction`` if illegal.

        A game's hooks may play something first (Command Capture's Timed Mode reports the seconds the
        player thought, which may forfeit the turn: then only that is played, and the action is dropped).
        """
        state = self.state
        prepare = self._hooks.before_action if self._hooks is not None else None
        if prepare is not None:
            state, note = prepare(self, state, action)
            if note:  # the action no longer stands: keep what the hook played, and say why
                self._states.append(state)
                self._after_move = note
                self._advance()
                return self.state
        self._states.append(state.play(action))
        self._advance()
        return self.state

    def undo(self) -> None:
        """Take back the last move, if the undo policy allows it (see ``undo_block``)."""
        why = self.undo_block()
        if why:
            raise IllegalAction(why, rule="undo")
        self._states.pop()
        self._advance()

    def undo_block(self) -> str:
        """Why the last move cannot be taken back, in players' words; ``""`` when it can.

        Board Game Arena's policy: only while the same player is still to act (undo never changes
        whose turn it is, so nobody takes back a move that another player, or the computer, has
        answered), never across a chance event, never across a move that showed anybody a hidden
        card or piece, and never while the screen waits behind the curtain for the next player.
        """
        if self.frames or self.mode == "view":
            return "this board shows a position: there are no moves to take back"
        if len(self._states) <= 1:
            return "nothing to undo yet"
        if self.curtain:
            return f"the screen is waiting for {self.curtain}: undo stays off behind the curtain"
        before, after = self._states[-2], self._states[-1]
        # Only the last step is ever asked about; the answer is kept with the two states it is about.
        kept = self._undo_kept
        if kept is None or kept[0] is not before or kept[1] is not after:
            kept = self._undo_kept = (before, after, self._why_kept(before, after))
        return kept[2]

    def _why_kept(self, before: State, after: State) -> str:
        """Why the step from ``before`` to ``after`` (one move, or a move with its reported time) stays."""
        played = after.history[len(before.history):]
        if after.is_over:
            return "the game is over"
        if not played or after.history[:len(before.history)] != before.history:
            return "nothing to undo yet"
        mover = before.current_player
        if mover == CHANCE:
            return "chance has spoken (a deal, a roll or a draw), and that cannot be taken back"
        if self.mode == "computer" and mover != self.seat:
            return "the computer has moved since, and a move is taken back only before the next player acts"
        if after.current_player != mover or not self._is_human_turn(before):
            return "the turn has passed: a move can be taken back only before the next player acts"
        state = before
        for action in played:
            if state.current_player != mover:
                return "the turn has passed: a move can be taken back only before the next player acts"
            if state.shows_hidden(action):
                return "that move showed a hidden card or piece, so it stands"
            state = state.play(action)
        return ""

    def new_game(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game with the same options (or the table's new choices, ``options``); its seed is
        fresh unless ``seed`` fixes it."""
        chosen = dict(self._start.options)
        if options is not None:
            chosen.update(self._checked_table_options(options))
        start = self._game.new_game(seed=fresh_seed() if seed is None else seed, **chosen)
        if self.mode == "computer" and self.seat >= start.num_players:
            raise ValueError(f"that game has {start.num_players} players: there is no seat {self.seat + 1} in it")
        self._start = start
        self._states = [self._start]
        self._ready_seat = None
        self._loaded = False
        self._chance_seed = None
        self._advance()

    def _checked_table_options(self, options: Any) -> dict[str, Any]:
        """The table's choices from the page, each checked: only what ``table_options`` offers."""
        if not isinstance(options, dict):
            raise ValueError("ignored the game's options from the board: they are a list of choices")
        offered = {o.name: o for o in self._game.options if o.table}
        out = {}
        for name, value in options.items():
            if name not in offered:
                raise ValueError(f"a table does not choose {shortened(str(name))!r} here; it chooses: "
                                 + ", ".join(o.title for o in offered.values()))
            out[name] = offered[name].check(value)
        return out

    # ----- saving and loading ------------------------------------------------------------------------
    def secrets_at_stake(self) -> bool:
        """Whether a seat may still have something hidden to protect: a game not over, nor on a teaching board."""
        return not (self.teaching or self.state.is_over)

    def board_kind(self) -> dict[str, Any]:
        """What kind of board this is, as a claim names it: another kind of board may not open its game."""
        return {"seat": self.seat, "mode": self.mode, "teaching": self.teaching}

    def save_text(self) -> str:
        """The text of the file this board offers as a save of its game (see the module's docstring).

        While secrets are at stake it is a claim on the game kept on this machine; otherwise the whole
        game as a record that withholds the seed.
        """
        whole = record.write(self.state, seed=False)
        if not self.secrets_at_stake():
            return whole
        try:
            token = vault.keep(saves.dump(self.state), board=self.board_kind())
        except OSError:
            raise ValueError("this computer could not keep the game (its disk is full or read-only), so it "
                             "cannot be saved while it goes on") from None
        return vault.claim(self.game_slug, token, len(self.state.history), self.board_kind())

    def load_text(self, text: Any) -> None:
        """Load a claim, a record or a JSON save (the text of a file the page read); ``ValueError`` says
        what is wrong.

        The game is checked through the engine's own loading (every action replayed through the rules)
        and gets a fresh seed, so no file fixes what chance does next. A refused file changes nothing.
        """
        self._install(self.read_file(text))

    def read_file(self, text: Any) -> State:
        """The game a file's ``text`` holds, checked as ``load_text`` does, without loading it."""
        if not isinstance(text, str) or not text.strip():
            raise ValueError("that file is empty: choose a file saved by this board")
        if len(text) > MAX_SAVE_CHARS:
            raise ValueError("that file is too long to be a saved game")
        text = vault.redeem(self.game_slug, text, self.board_kind())
        try:
            # A record that fixes its seed, or a JSON save, is replayed once more under a fresh seed.
            loaded = saves.load(self._game, reseeded(saves.dump(record.load(text, self._game))))
        except RecursionError:
            raise ValueError("that file is not a saved game (it nests too deeply)") from None
        if self.mode == "computer" and self.seat >= loaded.num_players:
            raise ValueError(f"that game has {loaded.num_players} players: there is no seat {self.seat + 1} in it")
        return loaded

    def _install(self, loaded: State) -> None:
        self._start = loaded
        self._states = [loaded]
        self._ready_seat = None
        self._loaded = bool(loaded.history)
        self._chance_seed = None
        self._advance()

    def _is_human_turn(self, state: State) -> bool:
        player = state.current_player
        if player is None or player == CHANCE or self.mode == "view":
            return False
        return self.mode == "hotseat" or player == self.seat

    def _resolve_chance(self, state: State) -> State:
        if self._chance_seed is None:
            return state.play_chance()
        return state.play_chance(derived_rng(self._chance_seed, len(state.history)))

    def _advance(self) -> None:
        """Resolve chance, let the computer move, then rebuild the values."""
        before = self._hooks.before_advance if self._hooks is not None else None
        if before is not None:
            changed = before(self, self.state)
            if changed is not None:
                self._states.append(changed)
        state = self.state
        while not state.is_over and self.mode != "view":
            player = state.current_player
            if player == CHANCE:
                state = self._resolve_chance(state)
            elif self.mode == "computer" and player != self.seat:
                # Told to the host at once, even while a move from the page is being handled, so the
                # page says so while the search runs, and offers no move meanwhile. _sync clears it.
                self.thinking = True
                self.legal = []  # the page offers no move while thinking (board.js reads ``thinking``)
                self._publish(["thinking"])
                state = state.play(self._opponent(state, player))
            else:
                break
            self._states.append(state)
        self._sync()

    def _viewer(self) -> int | None:
        """The seat whose eyes the board shows: in hotseat mode, whoever is to act."""
        if self.mode == "hotseat":
            player = self.state.current_player
            return player if player is not None and player >= 0 else self._ready_seat
        return self.seat

    def _seat_names(self) -> tuple[str, ...]:
        """The names of the seats at this table (some games name seats by the number of players)."""
        return tuple(getattr(self.state, "names", None) or self._game.seat_names)

    def _sync(self) -> None:
        # The scene, the legal moves and the curtain are rebuilt together, so a click can never meet a
        # new position with the old list of moves.
        self.thinking = False
        self._sync_values()
        synced = self._hooks.synced if self._hooks is not None else None
        if synced is not None:
            synced(self)

    def _view_for(self, viewer: int | None) -> Callable[[State], dict[str, Any]]:
        if self.teaching:
            see, key = self.teaching_view, "teaching"
        elif viewer is None:
            see, key = self.public_view, "public"
        else:
            see, key = (lambda state: state.observation(viewer)), viewer
        seen = self._seen

        def view_of(state: State) -> dict[str, Any]:
            # The last moves are told from views of the states behind them, on every sync: a state never
            # changes, so each view is made once (held with its state, so a reused id never matches).
            found = seen.get((id(state), key))
            if found is not None and found[0] is state:
                return found[1]
            if len(seen) > 4 * MOST_RECENT + 8:
                seen.clear()
            view = see(state)
            seen[(id(state), key)] = (state, view)
            return view
        return view_of

    def _sync_values(self) -> None:
        live = self.mode != "view" and not self.frames and self.offers_controls
        self.controls = {"undo": live, "new": live, "save": live and self.saves,
                         "export": live and self.saves and self.mode == "computer"}
        self.options = self.table_options() if self.controls["new"] else []
        if self.frames:
            # A worked example shows its frames only: never a live view of another seat.
            self.scene, self.legal, self.curtain, self.can_undo, self.log = self.frames[0]["scene"], [], "", False, []
            self.undo_note = self.undo_block()
            return
        state = self.state
        viewer = self._viewer()
        self.curtain = ""
        if self.mode == "hotseat" and not self.teaching and viewer != self._ready_seat and not state.is_over:
            # Two people share one screen: hide every hand until the next player says they are there.
            view_of = self.public_view
            self.curtain = self._seat_names()[viewer]
        else:
            view_of = self._view_for(viewer)
        view = view_of(state)
        my_turn = viewer is not None and state.current_player == viewer and not self.curtain
        legal = state.legal_actions() if my_turn and self.mode != "view" else []
        self.legal = [str(a) for a in legal]
        recent = recent_lines(self._states, view_of, None if self.curtain else viewer)
        self.scene = scene_json(self.description, view, legal, recent, **self.scene_extras())
        self.log = [str(line) for line in view.get("log", [])]
        self.undo_note = self.undo_block()
        self.can_undo = not self.undo_note
        # Under way once a person has moved (a state on the stack, other than the last, waited for one),
        # or a game in progress was loaded.
        self.under_way = not state.is_over and (self._loaded or any(self._is_human_turn(s) for s in self._states[:-1]))
        if self._worth_keeping():
            self.keep_game()
        elif not self.under_way:
            self.resume = ""

    def scene_extras(self) -> dict[str, Any]:
        """What a lesson adds to the scene: ``marks`` (targets) and ``arrows`` (hints); none on a plain board."""
        return {}

    def _worth_keeping(self) -> bool:
        """Whether the game has reached a point worth keeping (see the module's docstring): it ended, a
        person's turn began, or a person acted and waits to act again, where the page holds no claim yet or
        the board keeps every action. The rest of a turn is kept when the page leaves (``keep``)."""
        state = self.state
        if state.is_over:
            return True
        if not self._is_human_turn(state):
            return False
        if len(self._states) < 2 or self._states[-2].current_player != state.current_player:
            return True
        return self.keeps_every_action or not self.resume

    def keep_game(self) -> None:
        """Keep the game going on in the vault and offer the page a claim on it (``resume``); forget the
        kept game once there is nothing to resume (the game over, or a new game not yet under way)."""
        if not self.keeps_games or self.teaching or not self.under_way:
            self._forget_kept()
            self.resume = ""
            return
        if self._kept_state is self.state:
            return
        try:
            self._kept_as = vault.keep(saves.dump(self.state), self._kept_as, board=self.board_kind())
        except OSError:
            return  # a full disk or a read-only home: the game goes on, only unkept (save still says why)
        self.keeps += 1
        self._kept_state = self.state
        self.resume = vault.claim(self.game_slug, self._kept_as, len(self.state.history), self.board_kind(), kept=True)

    def _adopt_kept(self, text: Any) -> None:
        """Where ``text`` is a claim on a board's own kept game (the page resumes it), go on keeping under its
        name, so a resumed game leaves no copy behind; the game this board kept so far is thrown away."""
        token = vault.kept_token(text)
        if token is None or token == self._kept_as:
            return
        self._forget_kept()
        self._kept_as = token

    def _forget_kept(self) -> None:
        """Remove the game this board kept from the vault, if it kept one (a finished game is resumed by no one)."""
        if self._kept_as is None or self._kept_state is None:
            return
        self._kept_state = None
        try:
            vault.forget(self._kept_as)
        except OSError:
            return  # a read-only home: the claim is gone from the page all the same
        self.keeps += 1

    # ----- messages from the page ------------------------------------------------------------------
    def say(self, text: str, kind: str = "info") -> None:
        """Show ``text`` under the board; ``kind`` is ``info`` or ``error``."""
        self.message_kind = kind
        self.message = text

    def handle_message(self, content: Any) -> None:
        """Check one message from the page and act on it; raise ``ValueError`` with the reason."""
        if not isinstance(content, dict) or not isinstance(content.get("type"), str):
            raise ValueError("ignored a malformed message from the board")
        kind = content["type"]
        title = self._game.title
        if kind == "play":
            action = content.get("action")
            if not isinstance(action, str) or not action.strip():
                raise ValueError(f"Type a move first, in {title}'s notation, or click the board.")
            if len(action) > MAX_MESSAGE_CHARS:
                raise ValueError(f"That is not a move of {title}: a move is at most {MAX_MESSAGE_CHARS} characters "
                                 f"long, and that text has {len(action)}.")
            self._play_from_front_end(action)
        elif kind in ("undo", "new", "save", "load", "export") and (self.frames or self.mode == "view"):
            raise ValueError("this board shows a position: it has no game to change or save")
        elif self.not_offered(kind, content):
            raise ValueError(self.not_offered(kind, content))
        elif kind == "undo":
            self.undo()
            self.say("took the last move back", "info")
        elif kind == "new":
            if self.under_way and content.get("confirm") is not True:
                raise ValueError("a game is going on: confirm that it may be thrown away to start a new one")
            self.new_game(options=content.get("options"))
            self.say("new game", "info")
        elif kind == "save" and not self.saves:
            raise ValueError("this position was drawn from what its seat saw, so it is not a game to save")
        elif kind == "save":
            text = self.save_text()
            whole = not self.secrets_at_stake()
            name = f"{self.game_slug}-game.txt" if whole else f"{self.game_slug}-claim.json"
            self._send({"type": "save", "text": text, "filename": name})
            self.say("saved the whole game to a file" if whole else
                     "saved: the file names this game, kept on this computer; load it on this board to go on")
        elif kind == "export":
            if not self.saves:
                raise ValueError("this position was drawn from what its seat saw, so it is not a game to export")
            self._send({"type": "save", "text": record.write(self.state, seed=False),
                        "filename": f"{self.game_slug}-whole-game.txt"})
            self.say("exported the whole game to a file: it shows every hidden card and piece")
        elif kind == "load":
            # A bad file is refused for what is wrong with it first: only a good one needs the confirmation.
            loaded = self.read_file(content.get("text"))
            if self.under_way and content.get("confirm") is not True and not self._resuming(content.get("text")):
                raise ValueError("a game is going on: confirm that it may be thrown away to load another")
            self._adopt_kept(content.get("text"))
            self._install(loaded)
            self.say(f"loaded a saved game ({len(self.state.history)} actions)")
        elif kind == "keep":
            self.keep_game()
        elif kind == "level":
            self._set_level(content.get("level"))
        elif kind == "ready":
            self._ready_seat = self._viewer()
            self.say("")
            self._sync()
        else:
            raise ValueError(f"ignored an unknown message type {shortened(kind)!r} from the board")

    #: The messages that ask for one of the board's own controls, and the control (``controls``) that offers each.
    CONTROLLED = {"undo": "undo", "new": "new", "save": "save", "load": "save", "export": "export"}

    def not_offered(self, kind: str, content: dict[str, Any]) -> str:
        """Why the board refuses a message for a control it does not show ("" if it shows it): a message written by
        hand gets no more than the board's buttons give (a hot-seat board never exports the whole game, hidden
        hands and all). The board's own kept game may always be resumed."""
        control = self.CONTROLLED.get(kind)
        if control is None or self.controls.get(control) or kind == "load" and self._resuming(content.get("text")):
            return ""
        if control in ("save", "export") and not self.saves:
            return ""  # a position drawn from a seat's view: the message's own branch says why there is nothing to save
        return f"this board offers no {'export of the whole game' if kind == 'export' else kind}"

    def _resuming(self, text: Any) -> bool:
        """Whether ``text`` is this board's own kept game (the page resumes it: nothing is thrown away)."""
        return bool(self.resume) and text == self.resume

    def _set_level(self, level: Any) -> None:
        """Change the computer's level (from the page's chooser); it plays its next move at that level."""
        from capture_lib.search.level_ratings import chooser, refusal
        from capture_lib.search.levels import player_for

        # Only a level the chooser offers (``level_ratings.chooser``): a forged message gets no other player.
        refused = refusal(self.game_slug, shortened(level) if isinstance(level, str) else "?")
        if refused:
            raise ValueError(f"ignored a level this board does not offer: {refused}")
        self._opponent = player_for(level, seed=self._computer_seed)
        self.level = level
        self.levels = chooser(self.game_slug, level)
        self.say(f"the computer now plays at level {level}")

    def _play_from_front_end(self, action: str) -> None:
        state = self.state
        if state.is_over:
            raise IllegalAction("the game is over: start a new game", rule="game over")
        if not self._is_human_turn(state):
            names = self._seat_names()
            who = names[state.current_player] if state.current_player >= 0 else "chance"
            raise IllegalAction(f"it is not your turn: {who} is to act", rule="turn order")
        if self.curtain:
            raise IllegalAction(f"{self.curtain} must confirm they are at the screen first", rule="turn order")
        before = len(self._states)
        mover = state.current_player
        self._after_move = ""
        try:
            self.play(action)
        except ValueError as err:
            raise type(err)(str(err).replace(action, shortened(action))) from None
        played = self._states[before]
        # Name the move as its player saw it; in hotseat mode the next player reads this line too,
        # so it says only who moved. What the others did next is in the scene's "last" lines.
        if self.mode == "hotseat":
            self.say(f"{self._seat_names()[mover]} has moved")
        else:
            self.say(f"You played {public_notation(played, played.observation(mover))}.")
        if self.state.is_over:  # the end screen says which end condition was met (State.end_reason)
            self.say(f"{self.message} Game over: {self.state.end_reason()}")
        if self._after_move:
            self.say(self._after_move, "error")

    # ----- display ----------------------------------------------------------------------------------------
    def static_model(self) -> dict[str, Any]:
        """The values the static host gives the renderer (no kernel: frames step in the page)."""
        return {"game": self.game, "scene": self.scene, "frames": self.frames, "log": [], "message": "",
                "message_kind": "info", "seat": self.seat, "mode": "static", "curtain": "", "can_undo": False,
                "undo_note": "", "under_way": False, "teaching": self.teaching, "thinking": False, "level": "",
                "levels": [], "resume": "", "lesson": {}, "options": [], "controls": {}}

    def to_json(self) -> str:
        """The static model as JSON (what the front end sees), for tests and debugging."""
        return json.dumps(self.static_model(), sort_keys=True)

    def describe(self, name: str) -> str:
        """A one-line description under ``name`` (the host's class name), with public facts only."""
        # A state's own repr may name a hidden piece (Command Capture's position text).
        state = self.state
        player = state.current_player
        who = ("the game is over" if player is None else "chance to resolve" if player == CHANCE
               else f"{self._seat_names()[player]} to act")
        return f"<{name}: {self.game_slug}, {len(state.history)} actions, {who}>"

    def __repr__(self) -> str:
        return self.describe(type(self).__name__)
