"""The anywidget host: one board widget for every game, over a board session.

In JupyterLab (or Voila) a board is an anywidget whose one synced value, ``values``, is the session's
``values()`` (the scene first of all); the page's renderer (``capture_lib/render/web/board.js``) sends
messages (``model.send``), which the widget hands to the session's ``handle`` and answers with the values
that changed. The widget holds no game logic and calls nothing of the session by name but ``handle``:
every host drives the session the same way. In the static HTML book, the same ES module is mounted over
JSON embedded in the page (``capture_lib.hosts.static``), with the board's recipe, from which the book's
in-browser engine rebuilds the same session.

Nothing secret ever reaches the front end: the true state, its seed, the undo stack and the computer's
thinking stay in the session, and every synced value is derived from an observation. A change of the
synced value from the page is refused (``set_state``): the page only sends messages.

In a notebook the renderer runs inside a small host (``widget_host.js``, ``host_module``) that says when no
kernel runs the board: a board restored from the widget state JupyterLab saved in the notebook
(``capture lab`` turns that saving on, ``capture_lib.hosts.lab``) shows the position reached and says to
run its cell to play on; a board whose kernel was restarted says that it stopped. Its synced values hold
the claim on the kept game (never the game), so the board that the cell makes again offers to resume it
on the computer that played it.
"""

from __future__ import annotations

import functools
import pathlib
from typing import Any

import anywidget
import traitlets

from capture_lib.core.protocol import State
from capture_lib.hosts.static import static_html
from capture_lib.render.web import module_source, style_source
from capture_lib.session.board import BoardController
from capture_lib.session.recipes import recipe_of

#: The host's files, beside this module.
HERE = pathlib.Path(__file__).resolve().parent
#: How the board's module ends its default export, which the host takes over.
BOARD_EXPORT = "\nexport default {"


@functools.cache
def host_module(slug: str) -> str:
    """The ES module of game ``slug``'s board in a notebook: the board's (``module_source``), its default
    export named ``board``, then the host (``widget_host.js``) as the default export."""
    board = module_source(slug)
    if board.count(BOARD_EXPORT) != 1:
        raise RuntimeError("the board's module must end in one default export (export default {...})")
    host = (HERE / "widget_host.js").read_text(encoding="utf-8")
    return board.replace(BOARD_EXPORT, "\nconst board = {") + "\n" + host


@functools.cache
def host_style(slug: str) -> str:
    """The stylesheet of game ``slug``'s board in a notebook: the board's, then the host's notice."""
    return style_source(slug) + "\n" + (HERE / "widget_host.css").read_text(encoding="utf-8")


class BoardWidget(anywidget.AnyWidget):
    """A live board for any game: the anywidget host of a board session (``BoardController``).

    ``BoardWidget(state)`` opens on a position, ``BoardWidget("card-commander", seed=3)`` on a new game;
    the other arguments are the session's (``seat``, ``mode``, ``teaching``, ``opponent``, ``level``,
    ``seed``, ``options``), or ``controller=`` a session made elsewhere (a lesson's).
    """

    #: The session's values (``BoardController.values``): what the page's renderer reads.
    values = traitlets.Dict().tag(sync=True)

    def __init__(self, *args: Any, controller: BoardController | None = None, **kwargs: Any) -> None:
        controller = controller if controller is not None else BoardController(*args, **kwargs)
        slug = controller.game_slug
        # The module and stylesheet are this game's (anywidget makes them traits of the instance), and
        # so is the id under which anywidget keeps the stylesheet in the page: boards of several games
        # on one page keep their own styles.
        self._esm, self._css = host_module(slug), host_style(slug)
        super().__init__()
        self._anywidget_id = f"capture_lib.board.{slug}"
        self._controller = controller
        controller.listener = self._on_update
        self.on_msg(self._on_front_end_message)
        self.values = controller.values()

    @property
    def controller(self) -> BoardController:
        """The board's session (the logic; this widget only hosts it)."""
        return self._controller

    @property
    def state(self) -> State:
        """The current state (Python only: never synced to the front end)."""
        return self._controller.state

    @classmethod
    def example(cls, *args: Any, **kwargs: Any) -> BoardWidget:
        """A worked example (the session's ``example``: ``start``, ``steps``, ``seat``, ``everything``)."""
        return cls(controller=BoardController.example(*args, **kwargs))

    def handle(self, message: Any) -> dict[str, Any]:
        """Hand one message to the session, as the page does, and send the page what changed."""
        changed = self._controller.handle(message)
        sent = changed.pop("_messages", [])
        # The whole set, not the changes alone: a value published on the way (thinking) may be back where it
        # began, and so missing from the changes; the page gets one dict either way.
        self.values = self._controller.values()
        for content in sent:
            self.send(content)
        return changed

    def _on_update(self, names: list[str]) -> None:
        # Sent at once, even while a message from the page is being handled, so the page says the
        # computer is thinking while the search runs.
        values = self._controller.values()
        self.values = {**self.values, **{name: values[name] for name in names}}
        self.send_state(["values"])

    def _on_front_end_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        self.handle(content)

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Refuse every change of a synced value from the page and send the true values back.

        The page only ever sends messages (``send``); a change to the values coming from the page would be
        forged, and could show another seat's secrets.
        """
        names = [name for name in sync_data if name in self.keys]
        if names:
            self._controller.say(f"ignored a change to {', '.join(sorted(names))} from the page", "error")
            self.values = self._controller.values()
            self.send_state(names)

    # ----- display ----------------------------------------------------------------------------------------
    def recipe(self) -> dict[str, Any]:
        """What rebuilds this board in the book's in-browser engine, holding nothing hidden
        (``capture_lib.session.recipes``)."""
        return recipe_of(self._controller)

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
        slug = self._controller.game_slug  # the page's own board, without the notebook's host
        data["text/html"] = static_html(module_source(slug), style_source(slug), self._controller.static_model(),
                                        fallback=self._controller.picture(),
                                        recipe=self._recipe_or_none())
        return data, metadata

    def __repr__(self) -> str:
        # Public facts only: a state's own repr may name a hidden piece (Command Capture's position text).
        return self._controller.describe(type(self).__name__)

    def to_json(self) -> str:
        """The static model as JSON (what the front end sees), for tests and debugging."""
        return self._controller.to_json()
