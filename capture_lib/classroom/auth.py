"""The page a student without the class's address sees (imported by the Voila process of ``capture serve``).

Jupyter's own login page asks for a "password or token" and explains Jupyter's command line, which means
nothing to a student. Ours says what to do: ask the teacher for the address (it ends in ``?token=...``),
or type the word the teacher gave. It needs nothing from the internet.
"""

from __future__ import annotations

import html
import urllib.parse
from typing import Any

from jupyter_server.auth.identity import PasswordIdentityProvider
from tornado.escape import url_escape
from voila.voila_identity_provider import VoilaLoginHandler

#: The page's heading: what the student is to do.
ASK_THE_TEACHER = "Ask your teacher for the address"
#: Shown when the typed word is not the class's.
WRONG_WORD = "That is not the word of this class. Check it with your teacher."
#: Shown when the address itself carried a word (``?token=...``) that is not the class's.
WRONG_ADDRESS = ("The address you opened has a word in it (after ?token=) that is not this class's: it may be "
                 "mistyped, cut short, or from another lesson. Check it with your teacher.")

PAGE_STYLE = ("body{font-family:system-ui,sans-serif;max-width:34em;margin:4em auto;padding:0 1em;"
              "line-height:1.5;color:#222}h1{font-size:1.5em}.capture-wrong{color:#a00}"
              "input,button{font-size:1em;padding:.3em .5em}")


def page_html(title: str, body: str) -> str:
    """A small complete HTML page (no script, nothing fetched from elsewhere) with ``body`` as its content."""
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
            f'<meta name="viewport" content="width=device-width, initial-scale=1"><style>{PAGE_STYLE}</style>'
            f'</head><body><main class="capture-page">{body}</main></body></html>')


def login_html(action: str, xsrf_field: str, wrong: bool = False, wrong_address: bool = False) -> str:
    """The login page: ask the teacher; or type the class's word into a form that posts to ``action``.

    ``wrong``: a word was typed and is not the class's; ``wrong_address``: the address carried one that is not.
    """
    warnings = [text for text, shown in ((WRONG_ADDRESS, wrong_address), (WRONG_WORD, wrong)) if shown]
    warning = "".join(f'<p class="capture-wrong">{html.escape(text)}</p>' for text in warnings)
    return page_html(ASK_THE_TEACHER, (
        f"<h1>{html.escape(ASK_THE_TEACHER)}</h1>"
        "<p>These game pages open only from the full address your teacher gives the class: it ends in "
        "<code>?token=</code> and a word. Ask your teacher for it, and open it exactly as written.</p>"
        f"{warning}"
        f'<form method="post" action="{html.escape(action)}">{xsrf_field}'
        '<label>Or type the word here: <input type="password" name="password" autocomplete="off" '
        'autofocus></label> <button type="submit">Join the class</button></form>'))


def address_had_a_token(target: str) -> bool:
    """Whether the page the student was sent here from (the login's ``next``) carried a token: one that was
    right would have let them in, so it was wrong (not missing)."""
    query = urllib.parse.urlsplit(target).query
    return any(value.strip() for value in urllib.parse.parse_qs(query).get("token", []))


class ClassroomLoginHandler(VoilaLoginHandler):
    """Jupyter's login handler (checking the word and setting the login cookie) with our page."""

    def _render(self, message: Any = None) -> None:
        target = self.get_argument("next", default=self.base_url)
        action = f"{self.base_url}login?next={url_escape(target)}"
        self.write(login_html(action, self.xsrf_form_html(), wrong=bool(message),
                              wrong_address=address_had_a_token(target)))


class ClassroomIdentityProvider(PasswordIdentityProvider):
    """Jupyter's token login, with ``ClassroomLoginHandler`` as its login page."""

    def get_handlers(self) -> list[tuple[str, object]]:
        """The login and logout handlers; the login page is ours (Voila passes its own class in)."""
        return [(path, ClassroomLoginHandler if path == r"/login" else handler)
                for path, handler in super().get_handlers()]
