"""The rules site: pages generated from the rule graph, rulings and verify results, built by MkDocs.

``hooks.py`` plugs the generation into MkDocs (so ``mkdocs build`` and ``mkdocs serve`` work);
``build.py`` runs MkDocs in-process for ``rulekb build`` (``build_step.py``).
"""
