"""The shared core: protocol, errors, chance, options and rulings, saves and the registry."""
