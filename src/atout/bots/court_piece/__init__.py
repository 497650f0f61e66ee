"""Court Piece's bots: one module a level, and Hard's parts (the tree search and its C kernel,
the evidence that weighs worlds, the model of the opponents' styles, the one-sided search)."""
