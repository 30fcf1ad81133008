"""Feature extensions, one package each; ``bot.bot`` loads every package found here."""
