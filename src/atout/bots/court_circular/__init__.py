"""Court Circular's bots: one module a level, and the evidence Hard weighs its worlds by."""
