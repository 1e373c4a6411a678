"""What the bot tests share: one table of every preset the bots must handle."""

from pokerlab.draw import five_card_draw, ladder, saloon_draw

VARIANTS = {
    "ladder": ladder(),
    "five_card_draw": five_card_draw(player_count=4),
    "blinds_ace_draw": five_card_draw(player_count=3, forced_bet="blinds", ace_draw=True),
    "saloon": saloon_draw(player_count=5, round_one=(25, 50), round_two=(25, 100)),
    "heads_up": five_card_draw(player_count=2),
}
