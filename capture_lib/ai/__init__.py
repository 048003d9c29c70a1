"""Computer players, written against the engine protocol and observations only."""
