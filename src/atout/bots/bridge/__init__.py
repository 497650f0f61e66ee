"""Bridge's bots: one module a level, and the natural bidding system (:mod:`.bidding`)."""
