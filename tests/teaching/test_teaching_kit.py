"""The teacher's kit of every game with a chapter: a 45-minute plan, a table of game lengths whose figures are
the stored games' own, misconceptions with what clears them, a worksheet with its answer sheet, and a summary that
marks the book's rulings. What one game's kit must hold beyond that (its table's rows, the stored games each
counts and how its figures are worked out, the pace its minutes assume, its summary's own words) is declared in
its test folder's ``chapter.py`` (``CHAPTER.kit``: ``tests/kit_facts.py``) and checked here."""

from __future__ import annotations

import json
import re

import pytest

from capture_lib.bookkit.print_and_play import layouts
from capture_lib.bookkit.summaries import RULING_SIGN
from tests.chapter_facts import chapter_facts
from tests.kit_facts import KitFacts
from tests.registry import ROOT, cases, chapter_page, game_tests_package, games, has_part
from tests.teaching.test_summaries import question_numbers

TEACHING = ROOT / "book" / "teaching"
#: A kit's pages: the teacher's page, the students' worksheet and the teacher's answer sheet (``book/teaching/``).
PAGES = {"kit": "{slug}", "worksheet": "{slug}-worksheet", "answers": "{slug}-answers"}
#: Every game with a chapter has a kit; the others are skipped, with the reason.
WITH_A_CHAPTER = games(pages=("index",))

#: Words a reader's page must not use: engine option names and the colours of marks no board draws.
FORBIDDEN = re.compile(r"\b(crowns_to_win|catapult_rolls|treasure_deck|game_seconds|turn_seconds|setup=|timed=|"
                       r"green|purple|orange|pink)\b|\w=\w", re.IGNORECASE)


def page(slug: str, kind: str = "kit") -> str:
    """The source of one page of ``slug``'s kit."""
    return (TEACHING / f"{PAGES[kind].format(slug=slug)}.md").read_text(encoding="utf-8")


def section(text: str, heading: str) -> str:
    """The section of a page under the first ``## `` heading that starts with ``heading``, to the next one."""
    start = re.search(rf"^## {re.escape(heading)}.*$", text, re.MULTILINE)
    assert start, f"the page has no section '## {heading}...'"
    end = re.search(r"^## ", text[start.end():], re.MULTILINE)
    return text[start.end():start.end() + end.start()] if end else text[start.end():]


def body_rows(table: str) -> list[str]:
    """The rows of the Markdown tables in ``table`` below their headers, as written."""
    lines = table.splitlines()
    rule = re.compile(r"\|( *-+ *\|)+")
    skip = {j for i, line in enumerate(lines) if rule.fullmatch(line) for j in (i - 1, i)}  # headers, rules
    return [line for i, line in enumerate(lines) if line.startswith("|") and i not in skip]


def kit_facts(slug: str) -> KitFacts:
    """What ``slug``'s test folder declares its kit must hold; a game with a chapter that declares nothing fails."""
    facts = chapter_facts(slug)
    kit = facts.kit if facts is not None else None
    assert kit is not None, (f"{slug} has a chapter, so its kit's table of game lengths, worksheet and summary are "
                             f"declared in {game_tests_package(slug).replace('.', '/')}/chapter.py (CHAPTER.kit)")
    return kit


def stored(slug: str, name: str) -> list[dict]:
    """The stored games of ``results/<slug>/<name>.jsonl``."""
    lines = (ROOT / "results" / slug / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
    return [r for r in map(json.loads, lines) if "meta" not in r]


@pytest.mark.generic
@pytest.mark.parametrize("slug", WITH_A_CHAPTER)
def test_every_game_with_a_chapter_has_a_kit_in_the_book(slug):
    toc = (ROOT / "_toc.yml").read_text(encoding="utf-8")
    for kind, name in PAGES.items():
        name = name.format(slug=slug)
        assert (TEACHING / f"{name}.md").is_file(), f"{slug} has a chapter but no {kind} page: book/teaching/{name}.md"
        assert f"book/teaching/{name}" in toc, f"book/teaching/{name} is not in _toc.yml"


@pytest.mark.generic
@pytest.mark.parametrize("slug", WITH_A_CHAPTER)
def test_the_game_lengths_are_the_stored_games_own(slug):
    kit, text = kit_facts(slug), page(slug)
    lengths = section(text, "How long a game")
    for pace in kit.pace:
        assert pace in lengths, f"{slug}: the game lengths should say the pace their minutes assume, {pace!r}"
    written = []
    for row in kit.lengths:
        games = [r for r in stored(slug, row.results) if row.keep(r)]
        count = re.search(r"\(([\d,]+) (?:games|hands)\)", row.words)
        assert count, f"{slug}: the row {row.words!r} should say how many stored games it counts"
        assert len(games) == int(count.group(1).replace(",", "")), f"{slug}: {row.words} counts {len(games)} games"
        written.append(f"| {row.words} | {' | '.join(kit.figures(games))} |")
    # Every row of the section's table is declared, with the figures its stored games give, in the page's order.
    assert body_rows(lengths) == written, f"{slug}: the page's table of game lengths should be\n" + "\n".join(written)


def test_the_length_table_is_read_as_written():
    table = "| who | turns |\n| --- | --- |\n| a (2 games) | 3 |\n\nText.\n\n| x | y |\n| --- | --- |\n| b | 4 |\n"
    assert body_rows(table) == ["| a (2 games) | 3 |", "| b | 4 |"]
    assert section("# T\n\n## How long a game takes\n\nA.\n\n## The plan\n\nB.\n", "How long a game") == "\n\nA.\n\n"


@pytest.mark.generic
@pytest.mark.parametrize("slug", WITH_A_CHAPTER)
def test_the_plan_fills_45_minutes_and_links_what_to_project(slug):
    from capture_lib.bookkit.lesson_plan import page_plans

    text = page(slug)
    (laid_out,) = page_plans(text)  # the plan as the book's build lays it out (capture_lib.bookkit.kit)
    plan = laid_out.markdown()
    spans = [tuple(map(int, m)) for m in re.findall(r"^\| (\d+)–(\d+) \|", plan, re.MULTILINE)]
    assert spans[0][0] == 0 and spans[-1][1] == 45
    assert all(a[1] == b[0] for a, b in zip(spans, spans[1:], strict=False)), "the plan's times leave gaps"
    assert all("{doc}" in line or "href=" in line for line in plan.splitlines() if re.match(r"^\| \d", line))
    if has_part(slug, "course"):
        # A course page in the book is linked as a page ({doc}); one not written yet by the name the lead gives it.
        assert f"<../{slug}/course>`" in text or f'href="../{slug}/course.html"' in text, "the plan links the course"
    # The kit offers print-and-play sheets where the game declares them (its handout's PRINT_AND_PLAY), and
    # links no sheets the book does not print (test_kit_pdfs.py checks the summary's and the sheets' links).
    linked = f'href="../../print-and-play/{slug}.pdf"' in text
    assert linked == (slug in layouts()), (f"{slug}'s kit links print-and-play sheets" if linked else
                                           f"{slug} declares print-and-play sheets that its kit does not link")


@pytest.mark.generic
@pytest.mark.parametrize("slug", WITH_A_CHAPTER)
def test_at_least_three_misconceptions_each_with_what_clears_it(slug):
    table = section(page(slug), "Common misconceptions")
    assert "| what students think | what is true | what clears it up |\n" in table
    rows = body_rows(table)
    assert len(rows) >= 3
    for row in rows:
        cells = [cell.strip() for cell in row.strip("|").split(" | ")]
        assert len(cells) == 3 and re.fullmatch(r'"[^"]+"', cells[0]) and cells[1], row
        # What clears it up: a page of the book to read, and the exercise or the section on it that shows it.
        assert "{doc}" in cells[2] and re.search(r'exercises? \d|"[^"]+"', cells[2]), row


@pytest.mark.generic
@pytest.mark.parametrize("slug", WITH_A_CHAPTER)
def test_the_worksheet_and_its_answers_match_and_are_in_the_book(slug):
    sheet, answers, kit = page(slug, "worksheet"), page(slug, "answers"), page(slug)
    questions = question_numbers(sheet)
    assert questions == question_numbers(answers) == [str(n) for n in range(1, len(questions) + 1)]
    assert len(questions) >= kit_facts(slug).worksheet_at_least, f"{slug}'s worksheet asks {len(questions)} questions"
    assert "{doc}" not in sheet, "a worksheet is printed: it links nowhere"
    for kind in ("worksheet", "answers"):
        name = PAGES[kind].format(slug=slug)
        assert re.search(rf"\{{doc\}}`(?:[^`<]*<)?{name}>?`", kit), f"the kit links its {kind} as a page ({name})"
    # Each question the kit names is on the sheet.
    named = [int(n) for group in re.findall(r"questions? (\d+(?:–\d+)?)", kit) for n in group.split("–")]
    assert max(named, default=0) <= len(questions), f"{slug}'s kit names question {max(named)}"


@pytest.mark.generic
@pytest.mark.parametrize("slug, kind", cases(lambda slug: [(kind,) for kind in PAGES], pages=("index",)))
def test_the_kit_speaks_in_players_words(slug, kind):
    found = FORBIDDEN.findall(page(slug, kind).replace("&nbsp;", ""))
    assert not found, f"{slug}'s {kind} page says {found}"


def test_the_word_check_can_fail():
    assert FORBIDDEN.search("set crowns_to_win to 1") and FORBIDDEN.search("the green squares")
    assert FORBIDDEN.search("BoardWidget(setup=quick)") and not FORBIDDEN.search("the quick set-up")


@pytest.mark.generic
@pytest.mark.parametrize("slug", games(pages=("index", "summary")))
def test_the_summary_marks_the_books_rulings_and_says_one_word_per_idea(slug):
    # How many rules are marked, and that one footnote explains the sign: test_summaries.py.
    text = chapter_page(slug, "summary").read_text(encoding="utf-8")
    footnote = re.search(rf"^{RULING_SIGN} This book's ruling\b(.+\n)+", text, re.MULTILINE)
    assert footnote and "Rulings page" in " ".join(footnote.group().split()), "the footnote sends to the Rulings page"
    assert not re.search(r"\bguard", text, re.IGNORECASE), "blocks, not guards: one word per idea"
    missing = [words for words in kit_facts(slug).summary_says if words not in text]
    assert not missing, f"{slug}'s summary should say {missing}"


@pytest.mark.generic
@pytest.mark.parametrize("slug", WITH_A_CHAPTER)
def test_every_exercise_the_kit_names_exists_and_practises_a_rule(slug):
    from capture_lib.session.course import exercises

    text = page(slug) + page(slug, "answers")
    named = [int(n) for group in re.findall(r"exercises? (\d+(?:(?:, | and |–)\d+)*)", text)
             for n in re.findall(r"\d+", group)]
    if not has_part(slug, "lessons"):
        assert not named, f"{slug} has no exercises, but its kit names exercise {named[0]}"
        return
    count = len(exercises(slug))
    assert named and max(named) <= count, f"{slug}: the kit names exercise {max(named, default=0)} of {count}"
    assert all(lesson.rules for lesson in exercises(slug)), "each exercise names the rules it practises"
