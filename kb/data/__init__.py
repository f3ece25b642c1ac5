"""Data files shipped with kb: JSON Schemas, synonyms."""
