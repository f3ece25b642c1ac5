"""The rules site: pages generated from the rule graph, rulings and verify results, built by MkDocs.

``plugin.py`` (the ``rulekb`` MkDocs plugin) plugs the generation and the packaged theme into MkDocs (so ``mkdocs build`` and ``mkdocs serve`` work);
``build.py`` runs MkDocs in-process for ``rulekb build`` (``build_step.py``).
"""
