"""The shared core: the protocol, errors, chance and seeds, options and rulings, saves and records, the
game description, and lessons' and rules indexes' data types."""
