"""The contract every registered game must honour, checked over seeded playouts to the end.

A game joins this suite by existing: every game that discovery finds is checked.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from games.agents import GreedyAgent, RandomAgent, play_match
from games.core import Decision, Event, Game, GameInfo, Option, OptionSpec, all_games
from games.core.views import option_json
from tests.games import conformance
from tests.games.toy import ToyGame, ToyState
from tests.toygame.engine import value

GAMES = all_games()
FULL_RANDOM_GAMES = 10  # every check at every step
FULL_GREEDY_GAMES = 4
LIGHT_RANDOM_GAMES = 170  # legality every step, purity every 4th, outcome and replay at the end
HIDDEN_GAMES = 4  # games walked re-dealing what each viewer cannot see, at every position

random_agent, greedy_agent = RandomAgent(), GreedyAgent()


def seat_counts(game: Game[Any]) -> list[int]:
    return list(range(game.min_players, game.max_players + 1))


def by_name(games: list[Game[Any]]) -> Any:
    return pytest.mark.parametrize("game", games, ids=[g.name for g in games])


def test_games_are_registered() -> None:
    assert GAMES, "no game is registered"
    for game in GAMES:
        assert game.min_players <= game.max_players


@by_name(GAMES)
def test_random_playouts_with_every_check(game: Game[Any]) -> None:
    for seed in range(FULL_RANDOM_GAMES):
        players = seat_counts(game)[seed % len(seat_counts(game))]
        conformance.playout(game, [random_agent] * players, seed)


@by_name(GAMES)
def test_greedy_playouts_with_every_check(game: Game[Any]) -> None:
    for seed in range(FULL_GREEDY_GAMES):
        players = seat_counts(game)[seed % len(seat_counts(game))]
        agents = [greedy_agent if (seat + seed) % 2 == 0 else random_agent
                  for seat in range(players)]
        conformance.playout(game, agents, 1000 + seed, apply_all_every=3)


@by_name(GAMES)
def test_many_random_playouts_reach_a_consistent_end(game: Game[Any]) -> None:
    lengths = []
    for seed in range(LIGHT_RANDOM_GAMES):
        players = seat_counts(game)[seed % len(seat_counts(game))]
        actions = conformance.playout(game, [random_agent] * players, 5000 + seed, full=False,
                                      purity_every=4)
        lengths.append(len(actions))
    conformance.check_info(game, lengths)


@by_name(GAMES)
def test_options_are_validated_and_every_value_plays(game: Game[Any]) -> None:
    conformance.check_options_schema(game)


@by_name(GAMES)
def test_no_viewer_can_tell_apart_what_it_cannot_see(game: Game[Any]) -> None:
    conformance.check_hidden_information(game, range(9000, 9000 + HIDDEN_GAMES))


@by_name(GAMES)
def test_same_seed_same_game_and_different_seeds_differ(game: Game[Any]) -> None:
    players = game.min_players
    agents = [greedy_agent] + [random_agent] * (players - 1)
    first = play_match(game, agents, 77)
    again = play_match(game, agents, 77)
    assert first.actions == again.actions
    assert game.to_json(first.state) == game.to_json(again.state)
    others = {play_match(game, agents, seed).actions for seed in range(78, 83)}
    assert len(others | {first.actions}) > 1, "five seeds all played the same game"


# ---- the checks themselves must catch broken games ------------------------------------


class LeakyView(ToyGame):
    def view(self, state: ToyState, seat: int | None) -> dict[str, Any]:
        return {**super().view(state, seat), "next": state.deck[:1]}


class ForgetfulJson(ToyGame):
    def _from_json(self, data: dict[str, Any]) -> ToyState:
        return super()._from_json({**data, "rng": 0})


class ShowsEveryoneTheActions(ToyGame):
    def view(self, state: ToyState, seat: int | None) -> dict[str, Any]:
        return super().view(state, 0 if seat is None else state.turn)


class ShowsEveryoneTheOptions(ToyGame):
    def view(self, state: ToyState, seat: int | None) -> dict[str, Any]:
        view = super().view(state, seat)
        if view["decision"] is not None:
            view["decision"]["options"] = [option_json(o) for o in self.options(state)]
        return view


class OptionsWithoutTargets(ToyGame):
    def view(self, state: ToyState, seat: int | None) -> dict[str, Any]:
        view = super().view(state, seat)
        for option in view["decision"]["options"] if view["decision"] else []:
            option["targets"] = {}
        return view


class BlankLabels(ToyGame):
    def describe(self, state: ToyState, action: str) -> str:
        return "" if action == "toss" else super().describe(state, action)


class WordyLabels(ToyGame):
    def describe(self, state: ToyState, action: str) -> str:
        return super().describe(state, action) + " — a choice worth thinking about" * 3


class WrongBreakdown(ToyGame):
    def outcome(self, state: ToyState) -> Any:
        o = super().outcome(state)
        return None if o is None else type(o)(o.scores, ({"cards": 0}, {"cards": 0}),
                                              o.winners, o.reason)


class UnreplayableSeed(ToyGame):
    calls = 0

    def new_game(self, players: int, seed: int, options: Any = None) -> ToyState:
        UnreplayableSeed.calls += 1
        return super().new_game(players, seed + UnreplayableSeed.calls, options)


class ReorderedOptions(ToyGame):
    def options(self, state: ToyState) -> Any:
        return tuple(reversed(super().options(state)))


class TupleTargets(ToyGame):
    def targets(self, state: ToyState, action: str) -> dict[str, Any]:
        return {"slots": (1, 2)}


class TooManyOptions(ToyGame):
    def decision(self, state: ToyState) -> Decision | None:
        d = super().decision(state)
        if d is None or d.kind != "take":
            return d
        extra = tuple(f"take {n}" for n in range(3, 3 + conformance.MAX_OPTIONS))
        return Decision(d.seat, d.kind, d.prompt, d.actions + extra)


class AudienceAsAList(ToyGame):
    def _apply(self, state: ToyState, action: str) -> Any:
        new, events, revealed = super()._apply(state, action)
        return new, [*events, Event("psst", state.turn, [state.turn])], revealed  # type: ignore[arg-type]


class AudienceOfAnAbsentSeat(ToyGame):
    def _apply(self, state: ToyState, action: str) -> Any:
        new, events, revealed = super()._apply(state, action)
        return new, [*events, Event("psst", state.turn, (2,))], revealed


class NobodyWins(ToyGame):
    def outcome(self, state: ToyState) -> Any:
        o = super().outcome(state)
        return None if o is None else replace(o, winners=())


class DefaultNotAllowed(ToyGame):
    options_schema = (OptionSpec("toss_penalty", "Points a toss costs", (1, 2), 3),)


class TooManyValues(ToyGame):
    options_schema = (OptionSpec("toss_penalty", "Points a toss costs", tuple(range(1, 27)), 1),)


class RefusesAnOptionValue(ToyGame):
    def new_game(self, players: int, seed: int, options: Any = None) -> ToyState:
        if (options or {}).get("toss_penalty") == 2:
            raise ValueError("tosses cost one point")
        return super().new_game(players, seed, options)


class SoloWithoutASoloSeat(ToyGame):
    info = replace(ToyGame.info, solo=True)


class LongerThanItSays(ToyGame):
    info: GameInfo = replace(ToyGame.info, typical_decisions=200)


class PromptCountsTheDeck(ToyGame):
    """The public prompt counts high cards among the next ones, as if from a hidden hand."""

    def decision(self, state: ToyState) -> Decision | None:
        d = super().decision(state)
        if d is None or d.kind != "take":
            return d
        high = sum(value(c) >= 4 for c in state.deck[:3])
        prompt = f"Take a card from the market ({high} high cards to come)."
        return Decision(d.seat, d.kind, prompt, d.actions)


class PublicOptionsPeekAtTheDeck(ToyGame):
    """The options shown to everyone include "bank" only while a high card is next in the
    hidden deck."""

    def public_options(self, state: ToyState) -> tuple[Option, ...]:
        shown = self.options(state)
        if state.deck and value(state.deck[0]) >= 4:
            return shown
        return tuple(o for o in shown if o.notation != "bank")


class AutoBanksOverASix(ToyGame):
    """Taking a card banks it at once when a six is next in the deck: the flow that follows
    tells everyone what the hidden top card is."""

    def _apply(self, state: ToyState, action: str) -> Any:
        new, events, revealed = super()._apply(state, action)
        if action.startswith("take ") and state.deck and value(state.deck[0]) == 6:
            new, more, _ = super()._apply(new, "bank")
            events = [*events, *more]
        return new, events, revealed


@pytest.mark.parametrize(
    ("broken", "message"),
    [
        (LeakyView, "shows hidden"),
        (ForgetfulJson, "from_json"),
        (ShowsEveryoneTheActions, "offers"),
        (ShowsEveryoneTheOptions, "offers options"),
        (OptionsWithoutTargets, "offers options"),
        (BlankLabels, "no label"),
        (WordyLabels, "too long for a button"),
        (WrongBreakdown, "breakdown sums"),
        (UnreplayableSeed, "same seed"),
        (ReorderedOptions, "not the actions"),
        (TupleTargets, "not plain JSON"),
        (TooManyOptions, "more than a select holds"),
        (AudienceAsAList, "to_json/from_json"),
        (AudienceOfAnAbsentSeat, "not None or a tuple of seats"),
        (NobodyWins, "nobody won"),
        (DefaultNotAllowed, "is not one of"),
        (TooManyValues, "a choice list holds"),
        (RefusesAnOptionValue, "new_game refused"),
        (SoloWithoutASoloSeat, "solo is True"),
        (LongerThanItSays, "typical_decisions"),
        (PromptCountsTheDeck, r"tell hidden information apart(.|\n)*\.decision\[2\]"),
        (AutoBanksOverASix, r"tell hidden information apart(.|\n)*after 'take"),
        (PublicOptionsPeekAtTheDeck, r"tell hidden information apart(.|\n)*public_options"),
    ],
)
def test_checks_catch_a_broken_game(broken: type[ToyGame], message: str) -> None:
    game = broken()
    with pytest.raises(AssertionError, match=message):
        conformance.check_options_schema(game)
        lengths = [len(conformance.playout(game, [random_agent, random_agent], seed))
                   for seed in range(5)]
        conformance.check_info(game, lengths)
        conformance.check_hidden_information(game, range(3), worlds=2)


def test_the_toy_game_passes() -> None:
    game = ToyGame()
    lengths = [len(conformance.playout(game, [greedy_agent, random_agent], seed))
               for seed in range(20)]
    conformance.check_info(game, lengths)
    conformance.check_options_schema(game)
    assert conformance.check_hidden_information(game, range(3)) > 50
