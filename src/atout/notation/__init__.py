"""Game records and other notations: parse and format pairs, no rules of their own."""
