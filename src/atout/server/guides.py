"""Guided first deals: a published, fixed deal played through the real engine.

A guide (``web/guide/<game>.json``) holds the options, the learner's seat, the
deal as dealt (the record's layout form) and every action of the deal in order,
each with the page's words in English and French: ``say`` (what the step does
and why), ``other`` (why another legal move is worse) and ``won`` (why the trick
the step closes was won). Nothing in it is
secret: the deal is printed on the page, so it is no table's shuffle and needs
none of the secure randomness real tables use.

``GET /api/guides/<game>`` has the engine play the script and answers, for
each step, the learner's view before the action (with the engine's ``legal``
list when the learner acts), the trick the action closed (its winner as the
engine decides it) and, at the end, the learner's view and the deal's result.
The page judges nothing: it offers the engine's legal moves and compares the
learner's choice with the script's. A script the engine refuses is a bug in
the guide, caught by the tests, never shown half-played.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from atout.core import Match
from atout.games import get_game

__all__ = ["GUIDES", "GuideError", "guide_frames", "guided", "load_guide"]

JSON = dict[str, Any]
GUIDE_DIR = Path(__file__).resolve().parent.parent / "web" / "guide"
GUIDES = ("court-piece", "court-circular", "five-hundred", "bridge")
"""Games that may have a guided deal; those with a file in ``GUIDE_DIR`` have one."""


class GuideError(ValueError):
    """A guide file the engine cannot play (a wrong card, a deal that is not a deal)."""


def load_guide(game_id: str) -> JSON | None:
    """The guide of ``game_id`` as written, or None when the game has none."""
    if game_id not in GUIDES:
        return None
    path = GUIDE_DIR / f"{game_id}.json"
    if not path.is_file():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise GuideError(f"{path.name}: a guide is a JSON object")
    return data


def _trick_closed(before: Match, after: Match) -> JSON | None:
    """The trick ``after``'s action completed, if it completed one (same deal only)."""
    if len(after.deals) != len(before.deals):
        return None
    done_before = len(before.state.tricks())
    tricks = after.state.tricks()
    return tricks[-1].to_json() if len(tricks) > done_before else None


def _claims(view: JSON, action: str) -> bool:
    """A bridge declarer's claim (``claim N``): offered by ``can_claim``, not in ``legal``."""
    return bool(view.get("can_claim")) and action.startswith("claim ")


def guide_frames(guide: JSON) -> JSON:
    """Play the guide's script through the engine: one frame per step, then the end."""
    game = get_game(str(guide["game"]))
    seat = int(guide["seat"])
    rules = game.parse_rules(guide.get("options") or {})
    try:
        layout = game.layout_from_json(rules, guide["deal"])
    except (KeyError, ValueError) as error:
        raise GuideError(f"{game.id}: the deal is not a deal: {error}") from error
    match = Match(game, rules).start_deal(layout)
    frames: list[JSON] = []
    for index, step in enumerate(guide["steps"]):
        actor = match.actor
        action = str(step["action"])
        if actor is None:
            raise GuideError(f"{game.id}: step {index} ({action}) comes after the deal ended")
        view = match.view(seat)
        if actor == seat and action not in view["legal"] and not _claims(view, action):
            raise GuideError(f"{game.id}: step {index}: {action} is not among {view['legal']}")
        try:
            after = match.apply(action, actor)
        except ValueError as error:
            raise GuideError(f"{game.id}: step {index} ({action}): {error}") from error
        frames.append(
            {
                "actor": actor,
                "action": action,
                "view": view,
                "trick": _trick_closed(match, after),
                "say": step.get("say"),
                "other": step.get("other"),
                "won": step.get("won"),
            }
        )
        match = after
    settlement = match.last_settlement()
    return {
        "game": game.id,
        "title": game.title,
        "seat": seat,
        "players": game.players,
        "intro": guide.get("intro"),
        "outro": guide.get("outro"),
        "steps": frames,
        "final": match.view(seat),
        "points": list(settlement.points) if settlement is not None else None,
        "result": match.state.result() if settlement is not None else None,
    }


@cache
def _frames_of(game_id: str) -> JSON | None:
    """The played guide of a game, once per process (the script never changes)."""
    guide = load_guide(game_id)
    return None if guide is None else guide_frames(guide)


async def guided(request: Request) -> Response:
    """
    responses:
      200:
        description: >
          The guided deal of the game: the learner's view before each step of the
          script (with the legal moves when the learner acts), the trick each step
          closed, the explanations, and the deal's end.
      404:
        description: The game has no guided deal.
    """
    game_id = request.path_params["game"]
    # Only known games reach the cache: it would keep every name asked for, for ever.
    frames = _frames_of(game_id) if game_id in GUIDES else None
    if frames is None:
        return JSONResponse({"error": "no guided deal for this game", "code": "no_guide"}, 404)
    return JSONResponse(frames, headers={"Cache-Control": "public, max-age=300"})
