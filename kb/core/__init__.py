"""kb's core: read the rule sources and curated data, build the rule graph of typed nodes, look nodes up.

The applications (build, lint, diff, search, site, verify, the CLI ...) sit beside it and import it; it
imports none of them (an import-linter contract in pyproject.toml)."""
