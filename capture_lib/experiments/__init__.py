"""Experiments with the computer players: seeded simulations, the analysis behind the numbers chapter, the
ratings round robins, and the Dask executor that runs them on a cluster."""
