"""``atout play`` and ``atout replay`` speak in words: claims answered, the claim form in the
help, revokes, scores and results without raw dicts, bridge seats by letter, vulnerability,
the seats around the player and the bots' names."""

from __future__ import annotations

import re
from typing import Any

from typer.testing import CliRunner

from atout.cards import JOKER, parse_card
from atout.cli import app
from tests.conftest import EXAMPLES

CARDS = [rank + suit for suit in "SHDC" for rank in "23456789TJQKA"]
RAW = re.compile(r"\{'|\['|: \[\d|: \{")
"""A Python dict or list printed as such: ``{'result': ...``, ``['S', ...``, ``: [0, 0]``."""


def _play(args: list[str], typed: list[str]) -> Any:
    result = CliRunner().invoke(app, ["play", *args], input="\n".join(typed) + "\n")
    assert result.exception is None, result.output
    return result


def _flat(text: str) -> str:
    """The output with Rich's line wrapping and panel borders undone, to search sentences."""
    return " ".join(text.replace("│", " ").split())


def test_a_rejected_bridge_claim_is_said_and_play_goes_on() -> None:
    out = _flat(
        _play(["bridge", "-o", "scoring=duplicate", "--seed", "3"], ["7nt", "claim 13", "q"]).output
    )
    assert "you claimed 13 more tricks: the defenders accept or reject." in out
    assert "W rejected your claim of 13 more tricks: play goes on." in out


def test_an_agreed_bridge_claim_says_what_was_agreed() -> None:
    out = _flat(
        _play(
            ["bridge", "-o", "scoring=duplicate", "--seed", "3"], ["7nt", "claim 0", "", "q"]
        ).output
    )
    assert "W accepted your claim of 0 more tricks; the other defender answers." in out
    assert "E accepted too: the claim is agreed, you take 0 more tricks (tricks NS 0, EW 13)" in out
    assert "claim: S (you), 0 more tricks (agreed)" in out


def test_help_lists_the_claim_form_and_unknown_words_are_not_called_cards() -> None:
    out = _flat(
        _play(
            ["bridge", "-o", "scoring=duplicate", "--seed", "3"], ["7nt", "?", "concede", "q"]
        ).output
    )
    assert "legal: 6♠, 9♠, 10♠, Q♠, claim N (N from 0 to 13: the further tricks you take)" in out
    assert "not a card" not in out
    assert "unknown action 'concede': play a card" in out
    assert "or, as declarer, claim N" in out


def test_a_revoke_is_said_in_words() -> None:
    typed = ["h", *CARDS, *CARDS, "", "", "", "q"]
    args = ["court-piece", "--variant", "courts", "-o", "honour_mode=true"]
    out = _flat(_play([*args, "-o", "session_end=1 deals", "--seed", "4"], typed).output)
    assert "revoke_claimed_by" not in out
    assert "their side claimed a revoke by your side: the deal ended there" in out
    assert "game over: their side wins; totals your side 0, their side 1" in out


def test_header_and_results_have_no_raw_dicts() -> None:
    args = ["court-piece", "--variant", "courts", "-o", "session_end=3 deals", "--seed", "4"]
    out = _play(args, ["h", *CARDS * 6, "", "q"]).output
    assert not RAW.search(out), RAW.search(out)
    flat = _flat(out)
    assert "deal 1 of 3; courts your side 0, their side 0" in flat
    assert "deal over: dealt by seat 3; trump ♥ (called by you); tricks your side" in flat
    bridge = _play(["bridge", "-o", "scoring=duplicate", "--seed", "3"], ["7nt", "claim 0", "q"])
    assert not RAW.search(bridge.output), RAW.search(bridge.output)
    assert "7NT by S: 0 tricks, down 13 (claim agreed); score NS (yours) 0, EW 650" in _flat(
        bridge.output
    )


def test_replay_text_says_results_in_words() -> None:
    for record in sorted(EXAMPLES.glob("*.record.json")):
        result = CliRunner().invoke(app, ["replay", str(record)])
        if result.exit_code != 0:
            continue  # a record the examples keep to show a refusal
        assert not RAW.search(result.stdout), (record.name, RAW.search(result.stdout))
        assert "result: " in result.stdout


def test_bridge_first_dealer_takes_a_seat_letter() -> None:
    out = _play(["bridge", "-o", "first_dealer=E", "--seed", "1"], ["q"]).output
    assert "dealer: E" in out
    refused = CliRunner().invoke(app, ["play", "bridge", "-o", "first_dealer=X"], input="q\n")
    assert refused.exit_code == 2
    assert "0 = N, 1 = E, 2 = S, 3 = W" in _flat(refused.output)
    helped = CliRunner().invoke(app, ["play", "--help"])
    assert "0 = N, 1 = E, 2 = S, 3 = W" in _flat(helped.output)


def test_bridge_board_one_says_nobody_is_vulnerable() -> None:
    out = _play(["bridge", "-o", "scoring=duplicate", "--seed", "3"], ["q"]).output
    assert "vulnerable: none" in out


def test_the_seats_around_the_player_are_said_once() -> None:
    classic = _play(["court-piece", "--variant", "courts", "--seed", "3"], ["q"]).output
    assert _flat(classic).count("Play goes") == 1
    assert "seat 1 on your right" in _flat(classic)
    assert "Play goes to the right (anticlockwise)" in _flat(classic)
    bridge = _flat(_play(["bridge", "--seed", "3"], ["q"]).output)
    assert "You sit at S: W on your left, N (partner) across, E on your right." in bridge


def test_bots_help_names_every_level() -> None:
    out = _flat(CliRunner().invoke(app, ["play", "--help"]).output)
    for name in ("random", "greedy", "easy", "medium", "hard", "module:callable"):
        assert name in out


def test_a_seat_letter_is_stored_as_its_number() -> None:
    from atout.games import get_game  # noqa: PLC0415

    bridge = get_game("bridge")
    assert bridge.rules_to_json(bridge.parse_rules({"first_dealer": "e"}))["first_dealer"] == 1


def _hands(out: str) -> list[list[str]]:
    """The cards of every "your hand:" line printed."""
    return [line.split() for line in re.findall(r"your hand: ([^│\n]*)", out)]


def _order(card: str) -> int:
    return parse_card(card) if card != "Joker" else JOKER


def test_the_five_trump_call_cards_are_sorted_like_the_hand() -> None:
    for seed in range(1, 6):
        out = _play(["court-piece", "--seed", str(seed)], ["q"]).output
        five = _hands(out)[0]
        assert len(five) == 5, out
        assert five == sorted(five, key=_order), (seed, five)


def test_cards_are_shown_as_players_read_them_not_in_notation() -> None:
    """10♠, not TS: in the hand, the legal plays, the help and a refusal; typed either way."""
    typed = ["h", "?", "zz", "th", *CARDS, "q"]
    out = _play(["court-piece", "--seed", "1"], typed).output
    shown = " ".join(" ".join(hand) for hand in _hands(out))
    assert "10" in shown and not re.search(r"\bT[SHDC]\b|\bT[♠♥♦♣]", shown)
    legal = re.findall(r"legal: ([^│\n]*)", out)
    assert legal and not any(re.search(r"\b[2-9TJQKA][SHDC]\b", line) for line in legal), legal
    assert "you do not hold 10♥" in _flat(out)  # seed 1's hand has no ten of hearts
    assert "you do not hold TH" not in _flat(out)


def test_the_joker_is_named_and_may_be_typed_by_its_name() -> None:
    out = _play(["five-hundred", "--seed", "2"], ["q"]).output
    assert "Joker" in _hands(out)[0] and "JK" not in out
    assert "6NT 7S" in _flat(out)  # bids stay bids in the auction
    # Typed "joker", it is the Joker (seed 3's hand has none, when the play begins).
    typed = ["pass", "joker", "q"]
    played = _flat(_play(["five-hundred", "--seed", "3"], typed).output)
    assert "you do not hold Joker" in played and "JK" not in played
