"""Five Hundred's bots: one module a level."""
