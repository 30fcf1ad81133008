"""The Sahwari rules engine: pure, seeded, no I/O."""
