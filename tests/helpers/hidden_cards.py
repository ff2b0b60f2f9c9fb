"""Games that look the same to their player but hide different cards, for the fairness tests."""

from tripeaks_widget import Game
from tripeaks_widget.engine.seen import Seen


def with_hidden_cards_permuted(game: Game) -> Game:
    """The same game as its player sees it, with the cards in the unseen places rotated."""
    places = Seen.of(game).unseen_places()
    deck = list(game.deck)
    cards = [deck[i] for i in places]
    for place, card in zip(places, cards[1:] + cards[:1], strict=True):
        deck[place] = card
    return Game.from_deck(deck, game.rules).replay(game.history)
