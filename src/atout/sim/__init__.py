"""Matches between bots and the statistics of many of them."""
