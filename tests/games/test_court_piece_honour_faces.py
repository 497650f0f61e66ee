"""Honour mode as players meet it: what each seat may do out of turn, the deal's last trick,
and bots claiming a revoke the play proves (seed 003, rules/court-piece.md 4.6)."""

from __future__ import annotations

import random

from atout.bots.registry import make_bot
from atout.bots.revokes import proven_revoke
from atout.core import Match
from atout.games import get_game

CP = get_game("court-piece")
HONOUR = {"variant": "courts", "honour_mode": True}


def _renege(match: Match) -> str | None:
    """A card of the seat to play that breaks the follow rule, if it holds one."""
    legal = set(match.state.legal_actions())
    trick = match.view(match.turn)["trick"]["cards"]
    if not trick:
        return None
    led = trick[0][-1]
    off = sorted(c for c in legal if c[-1] != led)
    if any(c[-1] == led for c in legal) and off:
        return off[0]
    return None


def _deal_ending_in_a_renege() -> tuple[Match, int, str]:
    """A match whose deal just ended on a trick where its last player reneged."""
    for seed in range(400):
        rng = random.Random(seed)
        match = Match.new(CP, HONOUR, rng)
        while match.state.phase != "over":
            seat = match.turn
            assert seat is not None
            state = match.state
            if match.state.phase == "trump":
                match = match.apply("trump S")
                continue
            renege = _renege(match)
            closing = len(state.trick) == 3 and max(state.tricks_won) == 6
            if closing and renege:
                ended = match.apply(renege)
                if ended.state.phase == "over":
                    return ended, seat, renege
            match = match.apply(rng.choice([a for a in state.legal_actions() if a != renege]))
    raise AssertionError("no deal ended on a renege")


def test_a_renege_in_the_last_trick_may_be_corrected_before_the_next_deal() -> None:
    match, seat, _ = _deal_ending_in_a_renege()
    settled = match.current.settlement
    assert settled is not None and match.needs_deal()
    corrections = match.view(seat)["out_of_turn"]
    fixes = [a for a in corrections if a.startswith("correct ")]
    assert fixes, corrections
    led = match.state.completed_tricks[-1][1][0]  # type: ignore[attr-defined]
    assert all(a[-1] == "SHDC"[led // 13] for a in fixes)
    corrected = match.apply(fixes[0], seat)
    last = corrected.state.completed_tricks  # type: ignore[attr-defined]
    if corrected.state.phase == "over":
        assert corrected.current.settlement is not None
        assert last[-1][1] != match.state.completed_tricks[-1][1]  # type: ignore[attr-defined]
    else:  # the corrected trick no longer ends the deal: play goes on
        assert corrected.current.settlement is None and not corrected.needs_deal()
    # Nobody else may change that card.
    for other in range(4):
        if other != seat:
            assert not [a for a in match.view(other)["out_of_turn"] if a.startswith("correct")]


def test_every_seat_may_claim_a_revoke_once_a_trick_is_closed_and_the_view_keeps_the_play() -> None:
    match = Match.new(CP, HONOUR, random.Random(2)).apply("trump H")
    assert match.view(0)["out_of_turn"] == [] and match.view(0)["played"] == []
    for _ in range(5):
        match = match.apply(match.legal_actions()[0])
    for seat in range(4):
        view = match.view(seat)
        assert view["out_of_turn"][-1:] == ["claim revoke"]
        assert len(view["played"]) == 4
    assert "out_of_turn" not in Match.new(CP, {"variant": "courts"}, random.Random(2)).view(0)


def _proven_renege_match() -> tuple[Match, int]:
    """A deal where a seat showed out of a suit, later played it, and a bot of the other side
    is to play: the play proves the renege."""
    for seed in range(400):
        rng = random.Random(seed)
        match = Match.new(CP, HONOUR, rng)
        match = match.apply("trump S")
        culprit, suit = None, None
        while match.state.phase == "play":
            seat = match.turn
            assert seat is not None
            state = match.state
            legal = list(state.legal_actions())
            trick = match.view(seat)["trick"]["cards"]
            if culprit is None and trick and (renege := _renege(match)):
                culprit, suit = seat, trick[0][-1]
                match = match.apply(renege)
                continue
            if seat == culprit and not trick and any(c[-1] == suit for c in legal):
                match = match.apply(next(c for c in legal if c[-1] == suit))
                continue
            if culprit is not None and seat % 2 != culprit % 2 and proven_revoke(match.view(seat)):
                return match, seat
            match = match.apply(rng.choice(legal))
    raise AssertionError("no proven renege found")


def test_bots_claim_a_revoke_the_play_proves() -> None:
    match, seat = _proven_renege_match()
    for level in ("greedy", "medium", "hard"):  # easy plays greedy's choice, or a random card
        assert make_bot(level, "court-piece", seed=1).choose(match.view(seat)) == "claim revoke"
    claimed = match.apply("claim revoke", seat)
    assert claimed.state.result()["revoke_claimed_by"] == seat % 2
    assert claimed.current.settlement is not None
    assert claimed.current.settlement.points[seat % 2] == 1


def test_bots_do_not_claim_on_suspicion() -> None:
    match = Match.new(CP, HONOUR, random.Random(5)).apply("trump D")
    bot = make_bot("greedy", "court-piece", seed=1)
    for _ in range(40):
        if match.state.phase != "play":
            break
        seat = match.turn
        assert seat is not None
        action = bot.choose(match.view(seat))
        assert action != "claim revoke"  # nobody reneged: greedy follows suit
        match = match.apply(action)
