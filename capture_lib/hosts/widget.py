"""The common part of every board widget: a thin anywidget host over a board controller.

In JupyterLab (or Voila) a board is an anywidget: the front end sends the notation of the action a
player clicked, and the board's controller (``capture_lib.session``, plain Python: the game, the seat,
the curtain, the computer, undo, saves, lessons) checks it and plays it; the widget copies the
controller's values into its synced traits. In the static HTML book, the same ES module is mounted by
a small inline script over JSON embedded in the page (see ``static.py``), with the board's recipe, from
which the book's in-browser engine rebuilds the same controller.

Nothing secret ever reaches the front end: the true state, its seed, the undo stack and the
computer's thinking stay in the controller, and every synced value is derived from an observation.
A change of a synced value from the page is refused (``set_state``): the page only sends messages.
See ``capture_lib.session.board`` for the undo policy, saves and the resume claim.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

from capture_lib.core.errors import IllegalAction
from capture_lib.core.protocol import State
from capture_lib.hosts.static import static_html
from capture_lib.render.web import module_source, style_source
from capture_lib.session.board import (  # noqa: F401 - the names the notebooks and tests import from here
    MAX_MESSAGE_CHARS,
    MAX_SAVE_CHARS,
    MODES,
    BoardController,
    frames_for,
    public_notation,
    reseeded,
)
from capture_lib.session.recipes import recipe_of

Player = Callable[[State, int], Any]


class BoardWidget(anywidget.AnyWidget):
    """A live board for any game: the anywidget host of a board session (``BoardController``).

    ``BoardWidget(state)`` opens on a position, ``BoardWidget("card-commander", seed=3)`` on a new game;
    the other arguments are the session's (``seat``, ``mode``, ``teaching``, ``opponent``, ``level``,
    ``seed``, ``options``), or ``controller=`` a session made elsewhere (a lesson's).
    """

    view = traitlets.Dict().tag(sync=True)
    legal = traitlets.List(traitlets.Unicode()).tag(sync=True)
    frames = traitlets.List().tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    message_kind = traitlets.Unicode("info").tag(sync=True)
    seat = traitlets.Int(0).tag(sync=True)
    mode = traitlets.Unicode("computer").tag(sync=True)
    curtain = traitlets.Unicode("").tag(sync=True)
    can_undo = traitlets.Bool(False).tag(sync=True)
    teaching = traitlets.Bool(False).tag(sync=True)
    thinking = traitlets.Bool(False).tag(sync=True)
    #: The computer's level ("" for a computer player given as a function); the page offers the others.
    level = traitlets.Unicode("").tag(sync=True)
    #: Why undo is off, in players' words ("" while it is on).
    undo_note = traitlets.Unicode("").tag(sync=True)
    #: Whether a game is going on (someone has moved, not over): "new game" asks before it throws it away.
    under_way = traitlets.Bool(False).tag(sync=True)
    #: A claim on this board's game, kept after every move, that the page keeps to offer after a reload
    #: ("" once the game is over, and on boards that do not keep their games).
    resume = traitlets.Unicode("").tag(sync=True)

    #: A lesson's panel: title, step, prompt, status, feedback; the answer only once asked for ({} off lessons).
    lesson = traitlets.Dict().tag(sync=True)

    def __init__(self, *args: Any, controller: BoardController | None = None, **kwargs: Any) -> None:
        controller = controller if controller is not None else BoardController(*args, **kwargs)
        slug = controller.game_slug
        # The module and stylesheet are this game's (anywidget makes them traits of the instance), and
        # so is the id under which anywidget keeps the stylesheet in the page: boards of several games
        # on one page keep their own styles.
        self._esm, self._css = module_source(slug), style_source(slug)
        super().__init__()
        self._anywidget_id = f"capture_lib.board.{slug}"
        self._controller = controller
        self._controller.listener = self._on_update
        self.on_msg(self._on_front_end_message)
        self._pull()

    # ----- the controller's values into the traits --------------------------------------------------
    @property
    def controller(self) -> BoardController:
        """The board's controller (the logic; this widget only hosts it)."""
        return self._controller

    def _pull(self, names: Any = None) -> None:
        """Copy the controller's values into the traits, in one update; then send its messages."""
        values = self._controller.values()
        with self.hold_sync():
            for name in names if names is not None else values:
                setattr(self, name, values[name])
        for content in self._controller.take_messages():
            self.send(content)

    def _on_update(self, names: list[str]) -> None:
        # Sent at once, even inside the hold of a move from the page, so the page says the computer is
        # thinking while the search runs.
        self._pull(names)
        self.send_state(names)

    # ----- the controller's API, for notebooks and tests ---------------------------------------------
    @classmethod
    def example(cls, *args: Any, **kwargs: Any) -> BoardWidget:
        """A worked example (the session's ``example``: ``start``, ``steps``, ``seat``, ``everything``)."""
        return cls(controller=BoardController.example(*args, **kwargs))

    @property
    def state(self) -> State:
        """The current state (Python only: never synced to the front end)."""
        return self._controller.state

    @property
    def _states(self) -> list[State]:
        return self._controller._states

    @_states.setter
    def _states(self, states: list[State]) -> None:
        self._controller._states = states

    @property
    def _opponent(self) -> Player:
        return self._controller._opponent

    @_opponent.setter
    def _opponent(self, player: Player) -> None:
        self._controller._opponent = player

    def _viewer(self) -> int | None:
        return self._controller._viewer()

    def _call(self, method: str, *args: Any) -> Any:
        try:
            return getattr(self._controller, method)(*args)
        finally:
            self._pull()

    def play(self, action: Any) -> State:
        """Play ``action`` for the seat to act (notation or value); ``IllegalAction`` if illegal."""
        return self._call("play", action)

    def undo(self) -> None:
        """Take back the last move, if the undo policy allows it (see ``undo_block``)."""
        self._call("undo")

    def undo_block(self) -> str:
        """Why the last move cannot be taken back, in players' words; ``""`` when it can."""
        return self._controller.undo_block()

    def new_game(self, seed: int | None = None) -> None:
        """Start a new game with the same options; its seed is fresh unless ``seed`` fixes it."""
        self._call("new_game", seed)

    def secrets_at_stake(self) -> bool:
        """Whether a seat may still have something hidden to protect (see the controller)."""
        return self._controller.secrets_at_stake()

    def save_text(self) -> str:
        """The text of the file this board offers as a save of its game (see the controller)."""
        return self._controller.save_text()

    def load_text(self, text: Any) -> None:
        """Load a claim, a record or a JSON save; ``ValueError`` says what is wrong."""
        self._call("load_text", text)

    def public_view(self, state: State) -> dict[str, Any]:
        """What anybody at the table may see (the controller's ``public_view``)."""
        return self._controller.public_view(state)

    def teaching_view(self, state: State) -> dict[str, Any]:
        """Every card and identity shown, for the teaching mode."""
        return self._controller.teaching_view(state)

    def picture(self, view: dict[str, Any]) -> str:
        """The engine's SVG of ``view``, for the static page (see the controller)."""
        return self._controller.picture(view)

    def recipe(self) -> dict[str, Any]:
        """What rebuilds this board in the book's in-browser engine, holding nothing hidden
        (``capture_lib.session.recipes``)."""
        return recipe_of(self._controller)

    # ----- messages from the front end ---------------------------------------------------------------
    def say(self, text: str, kind: str = "info") -> None:
        """Show ``text`` under the board; ``kind`` is ``info`` or ``error`` (both sent in one update)."""
        self._call("say", text, kind)

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Refuse every change of a synced value from the page and send the true values back.

        The page only ever sends messages (``send``); a change to ``seat``, ``mode``, ``teaching`` or
        the view coming from the page would be forged, and could show another seat's secrets.
        """
        names = [name for name in sync_data if name in self.keys]
        if names:
            self.say(f"ignored a change to {', '.join(sorted(names))} from the page", "error")
            self.send_state(names)

    def _on_front_end_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        try:
            self.handle_message(content)
        except (IllegalAction, ValueError) as err:
            self.say(str(err), "error")

    def handle_message(self, content: Any) -> None:
        """Check one message from the front end and act on it; raise ``ValueError`` with the reason."""
        with self.hold_sync():
            self._call("handle_message", content)

    # ----- display ----------------------------------------------------------------------------------------
    def static_model(self) -> dict[str, Any]:
        """The values the static host gives the ES module (no kernel: frames step in the page)."""
        return self._controller.static_model()

    def _recipe_or_none(self) -> dict[str, Any] | None:
        try:
            return self.recipe()
        except ValueError:
            return None  # a board no page can rebuild (a lesson made on the spot): its frames only

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        data = dict(data)
        data["text/plain"] = repr(self)
        data["text/html"] = static_html(self._esm_source(), self._css_source(), self.static_model(),
                                        label=repr(self), fallback=self.picture(self.view),
                                        recipe=self._recipe_or_none())
        return data, metadata

    def _esm_source(self) -> str:
        return str(self._esm)

    def _css_source(self) -> str:
        return str(getattr(self, "_css", ""))

    def __repr__(self) -> str:
        # Public facts only: a state's own repr may name a hidden piece (Command Capture's position text).
        return self._controller.describe(type(self).__name__)

    def to_json(self) -> str:
        """The synced model as JSON (what the front end sees), for tests and debugging."""
        return self._controller.to_json()
