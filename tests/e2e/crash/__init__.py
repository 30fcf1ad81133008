"""Crash test: the real bot in a child process, SIGKILLed at random, against the fake Discord.

Run it with ``python -m tests.e2e.crash --kills 40 --tables 8 --seed 1``; it prints one JSON
object with the figures and exits non-zero when a move was lost, a board was posted twice, a
stored state differs from the replay of its log, or a table is stuck.
"""
