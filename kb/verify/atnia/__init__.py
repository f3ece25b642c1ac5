"""Atnia scenarios on engine.atnia: schema, steps, expectations, and the adapter running them."""
