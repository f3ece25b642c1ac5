"""Tests of rulekb, organised like the code they test."""
