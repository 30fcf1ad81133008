"""The Discord face of Caravanserai, and its Discord-free application service (``bot.service``)."""
