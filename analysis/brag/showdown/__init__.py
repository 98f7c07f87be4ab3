"""Brag at the showdown: cards and hands as text, hand strengths and classes, exact frequencies, equity against
one to seven opponents, and the stored rows a table question reads."""
