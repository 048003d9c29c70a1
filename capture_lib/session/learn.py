"""A game's course on a board: short levels, each one idea, played to a goal (``capture_lib.core.lessons.Level``).

Learn from lichess's Learn: a level sets a position and a goal in a sentence, marks its targets, and the
learner plays (any legal move: a level leaves room for choice) until the goal is reached; the other side
answers as the level scripts it, or as the computer does where the script runs out. A level is won in
par or fewer moves without a hint for three stars (a whole game without a par: won without a hint); it is lost
when it can no longer be won (or after too many moves), and "try again" starts it over. A hint names the idea
and draws its arrows; "show the solution" starts the level over and draws the solution on the board a move at a
time (the next move's arrow and the spaces to click, and in words what it does) for as long as the learner
follows it. The reader goes straight to any level (``{"type": "lesson", "do": "level", "key": ...}``); the page
keeps the stars this browser has won.

What reaches the page is, as on every board, built from the learner's observation; the solution is sent
only once asked for.
"""

from __future__ import annotations

import re
from typing import Any

from capture_lib.core.errors import IllegalAction
from capture_lib.core.lessons import Course, Level
from capture_lib.core.protocol import State
from capture_lib.session.board import BoardController, shortened
from capture_lib.session.lesson import static_book
from capture_lib.session.scenes import focus_on, public_notation, scene_json


class CourseController(BoardController):
    """A board session that runs a game's course, level by level (see the module's docstring)."""

    keeps_games = False
    offers_controls = False

    def __init__(self, course: Course, key: str | None = None, **kwargs: Any) -> None:
        self._course = course
        self._level = course.levels[0] if key is None else course.level(key)
        self._moves: list[str] = []
        self._replied = 0
        self._status = "try"
        self._feedback = ""
        self._hinted = False
        self._revealed = False
        start, _ = self._level.opening()
        super().__init__(start, seat=self._level.seat, mode="computer", **kwargs)
        self._enter(self._level)

    # ----- the levels --------------------------------------------------------------------------------------
    @property
    def current_level(self) -> Level:
        """The level the learner is on."""
        return self._level

    @property
    def status(self) -> str:
        """``try`` (playing), ``won``, ``lost`` (try again) or ``revealed`` (the solution was shown)."""
        return self._status

    def _enter(self, level: Level) -> None:
        self._level = level
        self._moves, self._status, self._feedback, self._hinted = [], "try", "", False
        start, self._replied = level.opening()
        self.seat = level.seat
        self._states = [start]
        self.say("")
        self._sync()

    def _advance(self) -> None:
        # The level answers each move itself (``Level.answered``): nothing is played behind the learner's back.
        self._sync()

    def scene_extras(self) -> dict[str, Any]:
        """The level's targets, and its arrows once the learner asked for a hint (or the solution); once the
        solution was asked for, its next move: the arrow of its way and the spaces to click."""
        arrows = self._level.arrows if self._hinted or self._revealed else ()
        marks = {target: "target" for target in self._level.targets}
        extras: dict[str, Any] = {"marks": marks, "arrows": arrows}
        step = self._step_record()
        if step is not None:
            for space in step.get("clicks", ()):
                marks[space] = "step"
            route = tuple(step.get("route") or step.get("clicks") or ())
            if len(route) >= 2:
                extras["solution"] = (route,)
        return extras

    def _solution_step(self) -> tuple[int, str] | None:
        """While the learner follows the solution they asked for: which of its moves comes next (from 0), in the
        notation the board uses; ``None`` before they ask, once they leave it, or once the level is over."""
        if not self._revealed or self._status != "try":
            return None
        state, replied = self._level.opening()
        for number, move in enumerate(self._level.solution):
            action = str(state.to_action(move))
            if number == len(self._moves):
                return number, action
            if self._moves[number] != action:
                return None
            state, replied = self._level.answered(state.play(move), replied)
        return None

    def _step_record(self) -> dict[str, Any] | None:
        """The board's record (clicks, route, words) of the solution's next move, if it is shown."""
        step = self._solution_step()
        if step is None or self.state.current_player != self.seat:
            return None
        view = self.state.observation(self.seat)
        actions = scene_json(self.description, view, [self.state.to_action(step[1])])["actions"]
        return next((record for record in actions if record["notation"] == step[1]), {"notation": step[1]})

    def named_spaces(self) -> list[str]:
        """The spaces the level is about: its targets, the spaces its goal names and where the pieces its goal
        names stand (a large map opens on them, and on a phone they are all in view: ``focus``)."""
        level, scene = self._level, self.scene
        spaces = {space["id"] for space in scene.get("spaces", [])}
        words = set(re.findall(r"[\w-]+", level.goal))
        named = [*level.targets, *(word for word in words if word in spaces)]
        named += [piece["at"] for piece in scene.get("pieces", []) if piece.get("id") in words and piece.get("at")]
        return list(dict.fromkeys(named))

    def _sync_values(self) -> None:
        if self._revealed and self._status == "try" and not self._feedback.startswith("Not allowed"):
            self._feedback = self._solution_words()
        super()._sync_values()
        # The hint's routes too where all of it fits what a phone shows at its least zoom (1.5x: 2/3 of the map).
        named = self.named_spaces()
        routes = [space for route in self._level.arrows for space in route]
        focus = focus_on(self.scene, named + routes, share=0.6) or focus_on(self.scene, named)
        if focus is not None:
            self.scene = {**self.scene, "focus": focus}
        if self._status != "try":
            self.legal = []
            self.scene = {**self.scene, "actions": []}
        self.can_undo = False
        level = self._level
        index = self._course.levels.index(level)
        after = self._course.levels[index + 1] if index + 1 < len(self._course.levels) else None
        self.lesson = {
            "kind": "course", "course": self._course.title, "game": self._course.game,
            "stages": [[stage, [[lv.key, lv.title] for lv in levels]] for stage, levels in self._course.stages],
            "level": level.key, "stage": level.stage, "title": level.title, "goal": level.goal,
            "index": index, "count": len(self._course.levels), "status": self._status, "feedback": self._feedback,
            "moves": self._counted(), "par": level.par, "counter": counter_words(level, self._counted()),
            "hint": level.hint if self._hinted else "",
            "answer": solution_words(level) if self._revealed else "",
            "stars": level.stars(self._counted(), self._hinted) if self._status == "won" else None,
            "next": after.key if after is not None else "", "finished": self._status == "won" and after is None,
        }

    # ----- messages ----------------------------------------------------------------------------------------
    def handle_message(self, content: Any) -> None:
        """Moves, and the course's own messages (``{"type": "lesson", "do": ...}``); a course saves no game."""
        if isinstance(content, dict) and content.get("type") == "lesson":
            self.lesson_command(content.get("do"), content.get("key"))
        elif isinstance(content, dict) and content.get("type") in ("undo", "new", "save", "load", "export"):
            raise ValueError("in a course, 'try again' starts the level over; each level is a position of its own")
        else:
            super().handle_message(content)

    def lesson_command(self, command: Any, key: Any = None) -> None:
        """``again``, ``hint``, ``answer`` (show the solution and start over to play it; a whole game's level has
        none, so it gives the hint and plays on), ``next``, or ``level`` with a level's ``key``."""
        if command == "again":
            self._revealed = False
            self._enter(self._level)
        elif command == "hint":
            self._hinted = True
            self._sync()
        elif command == "answer" and not self._level.solution:
            # A whole game's level has no line to show (the solver's line would tell what the cards are):
            # the game goes on, with the hint.
            self._hinted = True
            self._feedback = "A whole game has no one line of moves that wins it: the hint says what to aim for."
            self._sync()
        elif command == "answer":
            self._revealed = True
            self._hinted = True
            self._enter(self._level)
            self._hinted = True
            self._sync()
        elif command == "next":
            index = self._course.levels.index(self._level)
            if index + 1 >= len(self._course.levels):
                raise ValueError("this was the course's last level")
            self._revealed = False
            self._enter(self._course.levels[index + 1])
        elif command == "level":
            try:
                level = self._course.level(key) if isinstance(key, str) else None
            except KeyError:
                level = None
            if level is None:
                raise ValueError(f"the course has no level {shortened(str(key))!r}")
            self._revealed = False
            self._enter(level)
        else:
            raise ValueError(f"ignored an unknown course command {shortened(str(command))!r}")

    def _play_from_front_end(self, text: str) -> None:
        if self._status != "try":
            raise IllegalAction("this level is over: try again, or go on to the next level", rule="lesson")
        state = self.state
        try:
            action = state.to_action(text)
            played = state.play(action)
        except ValueError as err:  # IllegalAction, or notation a game's parser refuses with a plain ValueError
            self.say(f"not allowed: {err}", "error")
            self._feedback = f"Not allowed: {err}. Hint: {self._level.hint}"
            self._sync()
            return
        self._moves.append(str(action))
        trail, self._replied = self._level.replies_to(played, self._replied)
        self._states = [*self._states, played, *trail]
        after = self._states[-1]
        self.say(f"You played {public_notation(played, played.observation(self.seat))}.")
        self._judge(after)
        self._sync()

    def _solution_words(self) -> str:
        """What the panel says while the solution is shown: its moves, and the next one, drawn on the board."""
        step = self._solution_step()
        whole = f"The solution: {solution_words(self._level)}."
        if step is None:
            return whole + " You left it: try again to see it from the start."
        number, action = step
        record = self._step_record() or {}
        clicks, button = record.get("clicks"), record.get("button")
        what = record.get("label") or action
        if clicks and button:
            what = f"{what}: click the marked {'spaces' if len(clicks) > 1 else 'space'}, then press {button}"
        elif clicks:
            what = f"{what}, drawn on the board"
        elif button:
            what = f"press {button}" + (f" ({what})" if not what.startswith(button) else "")
        return f"{whole} Move {number + 1} of {len(self._level.solution)}: {what}."

    def _counted(self) -> int:
        """The learner's moves so far, as the level counts them (ending a turn or saying ready is no move)."""
        return self._level.moves_in(self._moves)

    def _judge(self, state: State) -> None:
        level = self._level
        moves = self._counted()
        if level.done(state):
            self._status = "won"
            stars = level.stars(moves, self._hinted)
            measure = f"par {level.par}" if level.par is not None else NO_PAR
            self._feedback = (f"Done in {moves} move{'s' if moves != 1 else ''} ({measure}): {stars} "
                              f"star{'s' if stars != 1 else ''}. {level.explain}")
            return
        reason = level.lost(state) if level.lost is not None else ""
        if not reason and moves >= level.most:
            reason = f"{moves} moves and the goal is still not reached"
        if state.is_over and level.seat in state.winners:
            # A level is about one idea: a win another way is still a win, and the board says both.
            reason = "you won the game, but not as this level asks" + (f" ({reason})" if reason else "")
        elif not reason and state.is_over:
            reason = "the game is over and the goal was not reached"
        if reason:
            self._status = "lost"
            self._feedback = f"Not this time: {reason}. Try again. Hint: {level.hint}"

    # ----- the static book -----------------------------------------------------------------------------------
    def static_model(self) -> dict[str, Any]:
        """The static picture: each level's start with its goal (and, in the static book, its solution)."""
        model = super().static_model()
        frames = []
        answers = static_book()
        for number, level in enumerate(self._course.levels, start=1):
            start, replied = level.opening()
            view = start.observation(level.seat)
            marks = {target: "target" for target in level.targets}
            frames.append({"scene": scene_json(self.description, view, (), (), marks), "action": "",
                           "note": f"Level {number}, {level.title}. Goal: {level.goal}"})
            if answers:
                state = start
                for move in level.solution:
                    before = state.observation(level.seat)
                    played = state.play(move)
                    state, replied = level.answered(played, replied)
                    seen = state.observation(level.seat)
                    line = public_notation(played, played.observation(level.seat))
                    frames.append({"scene": scene_json(self.description, seen, (),
                                                       [(before, line, played.observation(level.seat), level.seat)]),
                                   "action": line, "note": f"Level {number}: {level.explain}"})
        model["frames"] = frames
        model["scene"] = frames[0]["scene"]
        model["lesson"] = {"kind": "course", "title": self._course.title, "count": len(self._course.levels),
                           "static": True, "answers": answers, "intro": self._course.intro}
        return model

    def describe(self, name: str) -> str:
        """A one-line description: the course and the level the learner is on."""
        return f"<course {self._course.title!r}: level {self._level.key!r}>"


#: What the board says of a level without a par (a whole game whose fewest winning moves no search proves).
NO_PAR = "a whole game has no par: winning it earns the stars"


def counter_words(level: Level, moves: int) -> str:
    """The move counter as the board shows it: "Moves: 2 (par 3)", or for a level without a par (a whole game)
    "Moves: 40 (a whole game has no par: winning it earns the stars)"."""
    return f"Moves: {moves} ({f'par {level.par}' if level.par is not None else NO_PAR})"


def solution_words(level: Level) -> str:
    """A level's solution as a learner reads it: its moves in notation, one after another ("D2-D3, D3-D4")."""
    return ", ".join(level.solution)


def course_controller(slug: str, key: str | None = None) -> CourseController:
    """A live session that runs game ``slug``'s course (from level ``key``, by default the first)."""
    from capture_lib.session.course import course

    return CourseController(course(slug), key)
