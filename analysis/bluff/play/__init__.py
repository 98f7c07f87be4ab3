"""Play: one decision of the solved strategy or of any bot, the bots themselves, and whole games between them."""
