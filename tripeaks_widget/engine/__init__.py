"""The engine: cards and their notation, the 28-slot layout, rule sets, game codes and the deal,
the game itself, and what a player sees of it. Plain Python; it imports nothing above it."""
