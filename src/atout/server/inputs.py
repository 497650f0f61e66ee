"""Untrusted text at the edge: JSON with a bounded depth, valid Unicode, clean names.

Every body and message a client sends is read through :func:`load_json`, so
a refusal is always a clear message (a 400, a 422 or an error frame), never
an exception deep inside the server:

* nesting deeper than :data:`MAX_DEPTH` (Python's parser would hit its
  recursion limit, a 500 or a dropped connection);
* a lone surrogate (``"\\ud800"`` is valid JSON but not text: it cannot be
  stored, logged or sent back);
* names lose control characters, bidirectional overrides, invisible
  characters and piles of combining marks, which could make a name look like
  another, look empty, reorder or cover the text around it; a name that reads
  as a bot's (``bot:...``) is refused.

>>> load_json('{"a": [1, 2]}')
{'a': [1, 2]}
>>> try:
...     load_json("[" * 40 + "]" * 40)
... except InputError as refusal:
...     print(refusal)
JSON nested too deeply (at most 32 levels)
>>> clean_name("Ana\\u202e\\u0007  Bo")
'Ana Bo'
"""

from __future__ import annotations

import json
import unicodedata
from typing import Any

__all__ = ["MAX_DEPTH", "MAX_NAME", "InputError", "clean_name", "load_json"]

MAX_DEPTH = 32
"""Deepest nesting of arrays and objects a client may send (tables need 3)."""
MAX_NAME = 24
"""Longest player name, in characters, once cleaned."""
_BIDI = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


class InputError(ValueError):
    """Input refused at the edge; the message says why, for the client.

    ``status`` is the HTTP answer: 400 for what is not readable JSON, 422
    for JSON whose content is refused (text that is not Unicode, a bad name).
    """

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def load_json(raw: str | bytes) -> Any:
    """Parse a client's JSON; :class:`InputError` if it is not JSON, too deep or not text."""
    try:
        data = json.loads(raw)
    except RecursionError:
        raise InputError(f"JSON nested too deeply (at most {MAX_DEPTH} levels)") from None
    except (ValueError, UnicodeDecodeError):
        raise InputError("not JSON") from None
    _check(data)
    return data


def _check(data: Any) -> None:
    """Depth and Unicode of a parsed value, without recursion (a deep value is refused)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            _text(value)
        elif isinstance(value, dict | list):
            if depth > MAX_DEPTH:
                raise InputError(f"JSON nested too deeply (at most {MAX_DEPTH} levels)")
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in items:
                if isinstance(key, str):
                    _text(key)
                stack.append((item, depth + 1))


def _text(value: str) -> None:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise InputError("text must be valid Unicode (a lone surrogate is not)", 422) from None


def clean_name(value: Any) -> str | None:
    """A player's name as shown: control, bidi and invisible characters removed, spaces
    folded, at most :data:`MAX_MARKS` combining marks on a letter, 24 chars.

    ``None`` for no name, or one with nothing visible left (the room then
    gives the default name); :class:`InputError` for a name that is not text,
    or one the record would read as a bot's (``bot:...``): a person may not
    pass for a bot.
    """
    if value is None:
        return None
    if not isinstance(value, str):
        raise InputError("name must be a string", 422)
    _text(value)
    kept: list[str] = []
    marks = 0
    for index, char in enumerate(value):
        category = unicodedata.category(char)
        if category in ("Cc", "Zl", "Zp"):
            kept.append(" ")
        elif char in _JOINERS:
            if kept and _visible(kept[-1]) and _visible(value[index + 1 : index + 2]):
                kept.append(char)  # between two letters it shapes them (Persian, emoji)
        elif char in _BIDI or char in _INVISIBLE or category in ("Cf", "Co", "Cn"):
            continue  # private-use and unassigned code points show as nothing, or as boxes
        elif category in ("Mn", "Me"):
            if kept and _visible(kept[-1]) and marks < MAX_MARKS:
                kept.append(char)
            marks += 1
        else:
            marks = 0
            kept.append(char)
    text = " ".join("".join(kept).split())[:MAX_NAME]
    if _reads_as_bot(text):
        raise InputError("a person's name may not start with 'bot:' (the record's bots)", 422)
    return text or None


MAX_MARKS = 2
"""Combining marks kept on one letter (enough for any script; more pile up over other lines)."""
_JOINERS = "\u200c\u200d"
_INVISIBLE = set("\u3164\u115f\u1160\u2800\u034f\uffa0")
"""Letters and marks that show nothing (Hangul fillers, the blank Braille pattern, the
combining grapheme joiner), besides the format characters (category Cf)."""


def _visible(char: str) -> bool:
    """A character that shows something (not a space, a joiner or an invisible one)."""
    return (
        bool(char)
        and not char.isspace()
        and char not in _JOINERS
        and char not in _INVISIBLE
        and unicodedata.category(char) != "Cf"
    )


def _reads_as_bot(name: str) -> bool:
    """Whether ``name`` reads as a bot seat (``bot:greedy``, ``ＢＯＴ：x``, ``bοt꞉x``).

    Widths and cases fold by NFKC; letters of other scripts that look like ``b``,
    ``o``, ``t`` and marks that look like a colon fold by :data:`_LOOK_ALIKES` (the
    few of Unicode's confusables that can spell these four characters).
    """
    folded = "".join(unicodedata.normalize("NFKC", name).casefold().split())
    return folded.translate(_LOOK_ALIKES).startswith("bot:")


_LOOK_ALIKES = str.maketrans(
    {
        **dict.fromkeys("ьЬƅƄᏏвВɓƀḃḅḇ", "b"),
        **dict.fromkeys("οоσ০୦౦೦ഠ๐໐ဝ߀ᴏ0", "o"),
        **dict.fromkeys("тτŧƭţťțṫṭṯ", "t"),
        **dict.fromkeys("꞉∶ː։׃︓﹕˸⁚᛬܃܄܅", ":"),
    }
)
"""Characters read as ``b``, ``o``, ``t`` or ``:`` when a name is checked for a bot's."""
