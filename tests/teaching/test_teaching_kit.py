"""The teacher's kit of the two board games: a 45-minute plan whose game lengths are the stored games' own,
misconceptions with what clears them, a worksheet with its answer sheet, and a fallback without devices."""

from __future__ import annotations

import json
import pathlib
import re
import statistics

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
TEACHING = ROOT / "book" / "teaching"
SLUGS = ("command-capture", "medieval-capture")

#: Each row of a page's table of game lengths: its words, the stored games it counts (file, filter) and
#: the seconds a turn the minutes assume.
LENGTHS = {
    "command-capture": (20, {
        "two of the computer's rule-based players, every pairing of armies (900 games)":
            ("civilizations", lambda r: True),
        "the rule-based player against the weakest level, random moves (10 games)":
            ("strength", lambda r: sorted(r["players"]) == ["random", "rule"]),
        "the rule-based player against the easy level (10 games)":
            ("strength", lambda r: sorted(r["players"]) == ["easy", "rule"]),
        "the rule-based player against the hard level (10 games)":
            ("strength", lambda r: sorted(r["players"]) == ["hard", "rule"]),
    }),
    "medieval-capture": (90, {
        "two of the computer's rule-based players, the rules as printed (60 games)":
            ("first-player", lambda r: True),
        "the same, playing for one Crown (20 games)": ("crowns", lambda r: r["stats"]["crowns_to_win"] == 1),
        "the same, playing for two Crowns (20 games)": ("crowns", lambda r: r["stats"]["crowns_to_win"] == 2),
        "the same, with no catapults (20 games)": ("catapults", lambda r: r["variant"] == "no catapults"),
        "the rule-based player against the weakest level, random moves (20 games)":
            ("strength", lambda r: sorted(r["players"]) == ["random", "rule"]),
        "the rule-based player against the easy level (20 games)":
            ("strength", lambda r: sorted(r["players"]) == ["easy", "rule"]),
        "the rule-based player against the hard level (20 games)":
            ("strength", lambda r: sorted(r["players"]) == ["hard", "rule"]),
    }),
}

#: Words a reader's page must not use: engine option names and the colours of marks no board draws.
FORBIDDEN = re.compile(r"\b(crowns_to_win|catapult_rolls|treasure_deck|game_seconds|turn_seconds|setup=|timed=|"
                       r"green|purple|orange|pink)\b|\w=\w", re.IGNORECASE)


def page(name: str) -> str:
    return (TEACHING / f"{name}.md").read_text(encoding="utf-8")


def stored(slug: str, name: str) -> list[dict]:
    lines = (ROOT / "results" / slug / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
    return [r for r in map(json.loads, lines) if "meta" not in r]


@pytest.mark.parametrize("slug", SLUGS)
def test_the_game_lengths_are_the_stored_games_own(slug):
    seconds, rows = LENGTHS[slug]
    text = page(slug)
    assert f"{seconds} s a turn" in text
    for words, (name, keep) in rows.items():
        games = [r for r in stored(slug, name) if keep(r)]
        count = int(re.search(r"\((\d+) games\)", words).group(1))
        assert len(games) == count, f"{slug}: {words} counts {len(games)} games"
        turns = [r["stats"]["turns"] for r in games]
        q1, median, q3 = statistics.quantiles(turns, n=4)
        minutes = round(median * seconds / 60, 1)
        row = f"| {words} | {median:g} | {q1:g}–{q3:g} | {minutes:g} |"
        assert row in text, f"{slug}: the page should say {row}"


@pytest.mark.parametrize("slug", SLUGS)
def test_the_plan_fills_45_minutes_and_links_what_to_project(slug):
    from capture_lib.bookkit.lesson_plan import page_plans

    text = page(slug)
    (laid_out,) = page_plans(text)  # the plan as the book's build lays it out (capture_lib.bookkit.kit)
    plan = laid_out.markdown()
    spans = [tuple(map(int, m)) for m in re.findall(r"^\| (\d+)–(\d+) \|", plan, re.MULTILINE)]
    assert spans[0][0] == 0 and spans[-1][1] == 45
    assert all(a[1] == b[0] for a, b in zip(spans, spans[1:], strict=False)), "the plan's times leave gaps"
    assert all("{doc}" in line or "href=" in line for line in plan.splitlines() if re.match(r"^\| \d", line))
    # A course page in the book is linked as a page ({doc}); one not written yet by the name the lead gives it.
    assert f"<../{slug}/course>`" in text or f'href="../{slug}/course.html"' in text, "the plan links the course"
    assert f'href="../../print-and-play/{slug}.pdf"' in text and f'href="../../summaries/{slug}.pdf"' in text


@pytest.mark.parametrize("slug", SLUGS)
def test_at_least_three_misconceptions_each_with_what_clears_it(slug):
    text = page(slug)
    table = text[text.index("## Common misconceptions"):text.index("## Discussion questions")]
    rows = [line for line in table.splitlines() if line.startswith('| "')]
    assert len(rows) >= 3
    for row in rows:
        assert "{doc}" in row and re.search(r"exercises? \d", row), row


@pytest.mark.parametrize("slug", SLUGS)
def test_the_worksheet_and_its_answers_match_and_are_in_the_book(slug):
    sheet, answers = page(f"{slug}-worksheet"), page(f"{slug}-answers")
    questions = re.findall(r"^\*\*(\d+)\.\*\*", sheet, re.MULTILINE)
    given = re.findall(r"^(\d+)\. ", answers, re.MULTILINE)
    assert len(questions) >= 8 and questions == given == [str(n) for n in range(1, len(questions) + 1)]
    assert "{doc}" not in sheet, "a worksheet is printed: it links nowhere"
    toc = (ROOT / "_toc.yml").read_text(encoding="utf-8")
    for name in (f"{slug}-worksheet", f"{slug}-answers"):
        assert f"book/teaching/{name}" in toc
        assert f"{{doc}}`worksheet <{slug}-worksheet>`" in page(slug) or name.endswith("answers")


@pytest.mark.parametrize("name", [f"{slug}{part}" for slug in SLUGS for part in ("", "-worksheet", "-answers")])
def test_the_kit_speaks_in_players_words(name):
    found = FORBIDDEN.findall(page(name).replace("&nbsp;", ""))
    assert not found, f"{name} says {found}"


def test_the_word_check_can_fail():
    assert FORBIDDEN.search("set crowns_to_win to 1") and FORBIDDEN.search("the green squares")
    assert FORBIDDEN.search("BoardWidget(setup=quick)") and not FORBIDDEN.search("the quick set-up")


@pytest.mark.parametrize("slug", SLUGS)
def test_the_summary_marks_the_books_rulings_and_says_one_word_per_idea(slug):
    text = (ROOT / "book" / slug / "summary.md").read_text(encoding="utf-8")
    footnote = "† This book's ruling, where the printed rules are unclear: see the Rulings page."
    assert footnote in text and text.count("†") >= 8, "each of the book's rulings is marked where it is used"
    assert not re.search(r"\bguard", text, re.IGNORECASE), "blocks, not guards: one word per idea"
    if slug == "command-capture":  # ranges and Timed Mode's points
        assert "shoots 2† along its 8 lines" in text and "up to 3 diagonally" in text
        assert "Fortress disabled 8" in text and "Shield Maiden" in text and "Maiden 6" in text
    else:
        assert "(1–12†)" in text and "CAPTURE! ×7†" in text


@pytest.mark.parametrize("slug", SLUGS)
def test_every_exercise_the_kit_names_exists_and_practises_a_rule(slug):
    from capture_lib.session.course import exercises

    count = len(exercises(slug))
    text = page(slug) + page(f"{slug}-answers")
    named = [int(n) for group in re.findall(r"exercises? (\d+(?:(?:, | and |–)\d+)*)", text)
             for n in re.findall(r"\d+", group)]
    assert named and max(named) <= count, f"{slug}: the kit names exercise {max(named)} of {count}"
    assert all(lesson.rules for lesson in exercises(slug)), "each exercise names the rules it practises"
