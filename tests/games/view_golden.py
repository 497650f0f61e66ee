"""Golden views: digests of every view of seeded random games, to keep views unchanged.

Views are a contract (bots, the web client, the RL encoders read them), so
work that makes them cheaper must not change a key, a value or their order.
``golden/views.json`` holds, per case, one digest per state of seeded random
matches: the SHA-256 of the JSON of ``state.view(seat)`` for the spectator
and every seat. It was written by the code before the views were made
faster; ``test_view_golden.py`` replays the same games and compares.

Random play also tries, now and then, actions that are not in
``legal_actions()`` (revoke claims and corrections in Court Piece's honour
mode, declarer's claims in bridge), and in Five Hundred's auction favours
passes and misère, so rarer phases are covered too.

Regenerate (only when a view is *meant* to change) with::

    .venv/bin/python -m tests.games.view_golden
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from atout.cards import card_name, cards_of
from atout.core import ActionError, Match
from atout.games import get_game

GOLDEN = Path(__file__).parent / "golden" / "views.json"

CASES: dict[str, tuple[str, dict[str, Any]]] = {
    "court-piece": ("court-piece", {"target": 3}),
    "court-piece-courts": ("court-piece", {"variant": "courts", "session_end": {"deals": 3}}),
    "court-piece-honour": (
        "court-piece",
        {"variant": "courts", "honour_mode": True, "session_end": {"deals": 3}},
    ),
    "five-hundred": ("five-hundred", {}),
    "five-hundred-misere": ("five-hundred", {"misere": True, "open_misere_expose": "before_lead"}),
    "five-hundred-misere-lead": ("five-hundred", {"misere": True}),
    "five-hundred-single": ("five-hundred", {"single_round_bidding": True}),
    "bridge": ("bridge", {}),
    "bridge-duplicate": ("bridge", {"scoring": "duplicate", "boards": 3}),
    "court-circular": ("court-circular", {}),
    "court-circular-carroll": ("court-circular", {"carroll_resign": True, "target": 50}),
}
SEEDS = (0, 1, 2, 3)
MORE_SEEDS = tuple(range(12))
"""Five Hundred's random auctions often end the game in one deal: more games."""
MAX_DEALS = 3


def _extra_action(state: Any, game: str, rng: random.Random) -> tuple[str, int] | None:
    """Now and then an action outside ``legal_actions()``, to reach rarer phases."""
    roll = rng.random()
    if game == "court-piece" and getattr(state.rules, "honour_mode", False):
        if roll < 0.05:
            return "claim revoke", rng.randrange(4)
        if roll < 0.15:
            seat = rng.randrange(4)
            cards = list(cards_of(state.hand(seat)))
            if cards:
                return f"correct {card_name(rng.choice(cards))}", seat
    if game == "five-hundred" and state.phase == "auction":  # more passes, and misère
        legal = state.legal_actions()
        calls = [a for a in legal if "misere" in a]
        if calls and roll < 0.5:
            return rng.choice(calls), state.turn
        if roll < 0.5:
            return "pass", state.turn
    if game == "bridge" and roll < 0.02 and state.declarer is not None:
        return f"claim {rng.randrange(state.remaining_tricks() + 1)}", state.declarer
    return None


def states(game_id: str, options: dict[str, Any], seed: int) -> Iterator[Any]:
    """Every state of a seeded random match (``MAX_DEALS`` deals at most)."""
    game = get_game(game_id)
    rng = random.Random(seed)
    match = Match.new(game, options, rng)
    while True:
        state = match.state
        yield state
        if match.is_over():
            return
        if match.needs_deal():
            if len(match.deals) >= MAX_DEALS:
                return
            match = match.deal_next(rng)
            continue
        if state.is_over():  # a finished deal still open to a revoke claim
            extra = _extra_action(state, game_id, rng)
            if extra is None:
                return
        else:
            extra = _extra_action(state, game_id, rng)
        if extra is not None:
            try:
                match = match.apply(*extra)
                continue
            except ActionError:
                if state.is_over():
                    return
        match = match.apply(rng.choice(match.legal_actions()), match.turn)


def digest(state: Any, players: int) -> str:
    """The digest of every view of one state (spectator first, then seats 0..n-1)."""
    views = [state.view(seat) for seat in (None, *range(players))]
    text = json.dumps(views, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def seeds(case: str) -> tuple[int, ...]:
    """The seeds of a case's matches."""
    return MORE_SEEDS if case.startswith("five-hundred") else SEEDS


def digests(case: str) -> list[list[str]]:
    """Per seed, the digests of the states of its match."""
    game_id, options = CASES[case]
    players = get_game(game_id).players
    return [[digest(s, players) for s in states(game_id, options, seed)] for seed in seeds(case)]


def main() -> None:
    """Write ``golden/views.json`` from the current code."""
    GOLDEN.parent.mkdir(exist_ok=True)
    data = {case: digests(case) for case in CASES}
    lines = [
        f"  {json.dumps(case)}: [\n"
        + ",\n".join(f"    {json.dumps(run, separators=(',', ':'))}" for run in runs)
        + "\n  ]"
        for case, runs in data.items()
    ]
    GOLDEN.write_text("{\n" + ",\n".join(lines) + "\n}\n")
    for case, runs in data.items():
        print(f"{case:<28} {sum(len(r) for r in runs):5d} states")


if __name__ == "__main__":
    main()
