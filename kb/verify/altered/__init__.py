"""Running Altered scenarios on ``engine.altered``."""
