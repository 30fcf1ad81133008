"""Pure rules engines: no I/O, no Discord, no images, no database, no global randomness."""
